package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Negotiation's facts run past its bottom on 80x24: focused, the keys row
// says it scrolls, and j shows the next line (the title's 1/N moves on).
func TestLiveNegotiationNamesItsScrollKeys(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
	l.waitFor("Negotiation · initialized · 1/")
	l.waitFor(": command line · c call a tool · ↑/k ↓/j scroll · ? help")
	l.tm.Type("j")
	l.waitFor("Negotiation · initialized · 2/")
	l.quit()
}
