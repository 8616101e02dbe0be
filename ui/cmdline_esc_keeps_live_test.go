package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A command typed and left with esc (pressed to close the candidates, or
// by habit) comes back with ↑ when the line is opened again: before, esc
// threw it away, a long tools/call with all its arguments. What c opened
// the line with, left unchanged, is not kept. Live against the demo.
func TestLiveEscKeepsTypedLineInHistory(t *testing.T) {
	l := liveDemoAt80(t)
	l.mark()
	l.listTools()
	line := "tools/call greet name=Ada times=3 loud=true"
	l.typeTab(":" + line)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Type("c")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Type(":")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
	l.mark()
	l.tm.Type(" ")
	l.waitFor("loud=true")
	m := l.quit()
	if got, want := strings.TrimSpace(m.cmdline.input.Value()), line; got != want {
		t.Errorf("↑ after esc brought back %q, want %q", got, want)
	}
	if len(m.cmdline.hist.entries) != 1 {
		t.Errorf("history %q, want only the line typed (not c's bare %q)", m.cmdline.hist.entries, "tools/call ")
	}
}
