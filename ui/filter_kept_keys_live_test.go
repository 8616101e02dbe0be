package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A kept Raw events filter hides events until esc clears it: the keys row
// under the panes says so (only the help did), and stops saying it once
// the filter is cleared.
func TestLiveKeptFilterNamesEscAt80Columns(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.listTools()
	l.tm.Type("/")
	l.tm.Type("tools")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("esc clear filter · ? help")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	// Cleared: the row names the filter's key again, and not esc.
	l.waitFor(": command line · c call a tool · enter open in detail · / filter events")
	m := l.quit()
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	if keys := rows[len(rows)-3]; strings.Contains(keys, "clear filter") {
		t.Errorf("with no filter the keys row still offers to clear one: %q", keys)
	}
}
