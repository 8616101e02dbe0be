package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// The idle command line names the focused pane's keys after its own, at 80
// columns: enter and / on Pairs, / and esc in Detail, / on Raw events. They
// were only in the help, so esc back from Detail was found by chance, and
// / in Pairs went to Raw events' filter unannounced.
func TestLiveIdleLineNamesThePaneKeys(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.waitFor(": command line · c call a tool · enter open in detail · / filter events")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor(": command line · c call a tool · / search · esc back to the list")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
	l.waitFor(": command line · c call a tool · enter open in detail · / filter events")
	l.quit()
}
