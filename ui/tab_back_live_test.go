package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// shift+Tab steps back through the candidates Tab listed, as a shell's
// menu completion does: it did nothing, so a Tab too far meant going round
// every tool again. Before any was chosen it goes to the last. Live
// against the demo's tools.
func TestLiveShiftTabStepsBackThroughCandidates(t *testing.T) {
	l := liveDemoAt80(t)
	l.mark()
	l.listTools()
	tab := tea.KeyMsg{Type: tea.KeyTab}
	back := tea.KeyMsg{Type: tea.KeyShiftTab}
	l.tm.Type(":tools/call ")
	l.tm.Send(tab) // lists them
	l.tm.Send(back)
	l.mark()
	l.tm.Type("|")
	l.waitFor("|")
	m := l.quit()
	tools := m.tools
	if len(tools) == 0 {
		t.Fatal("no tools known after the listing was drawn")
	}
	last := tools[len(tools)-1].Name
	if got, want := m.cmdline.input.Value(), "tools/call "+last+" |"; got != want {
		t.Errorf("shift+tab before any candidate was chosen: line %q, want %q", got, want)
	}

	l = liveDemoAt80(t)
	l.mark()
	l.listTools()
	l.tm.Type(":tools/call ")
	l.tm.Send(tab)
	l.tm.Send(tab)
	l.tm.Send(tab)
	l.tm.Send(back)
	l.mark()
	l.tm.Type("|")
	l.waitFor("|")
	m = l.quit()
	if got, want := m.cmdline.input.Value(), "tools/call "+m.tools[0].Name+" |"; got != want {
		t.Errorf("tab, tab, tab, shift+tab: line %q, want the first candidate again, %q", got, want)
	}
}
