package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// ctrl+l clears the terminal and draws the screen again (a screen some
// other program wrote over), as it does in a shell, less or vim, even with
// a command half typed, which stays as it was. Before, it did nothing.
func TestLiveCtrlLRedraws(t *testing.T) {
	l := liveDemoHalfTypedAt80(t)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlL})
	l.waitFor("\x1b[2J")
	m := l.quit()
	if got := m.cmdline.input.Value(); !m.cmdline.Focused() || got != halfTyped {
		t.Errorf("after ctrl+l the command line holds %q, want %q", got, halfTyped)
	}
	if help := ansi.Strip(m.com.helpView(160, 45, 0)); !strings.Contains(help, "ctrl+l") || !strings.Contains(help, "redraw the screen") {
		t.Errorf("the help does not name ctrl+l:\n%s", help)
	}
}
