package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The mouse wheel scrolls the help where it is taller than the screen
// (60x20), as the arrows do: it did nothing, though the wheel scrolls
// every pane under it. Live against the demo.
func TestLiveWheelScrollsHelp(t *testing.T) {
	l := liveDemoAt(t, 60, 20)
	l.tm.Type("?")
	l.mark()
	for range 20 {
		l.tm.Send(tea.MouseMsg{X: 30, Y: 8, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown})
	}
	l.waitFor("more above")
	m := l.quit()
	view := ansi.Strip(m.View())
	if !m.showHelp || m.helpTop == 0 || !strings.Contains(view, "more above") {
		t.Errorf("the wheel did not scroll the help (top %d):\n%s", m.helpTop, view)
	}
}
