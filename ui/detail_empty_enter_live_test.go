package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// At 80 columns the Detail tab, with nothing open, says to select a pair
// or an event and press enter; enter there did nothing and said nothing.
// It says where enter opens something.
func TestLiveEnterInEmptyDetailSaysWhereItOpens(t *testing.T) {
	l := liveDemoAt80(t)
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab}) // from Pairs

	l.waitFor("select a pair or an event")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitWords("nothing open: press enter on a pair in Pairs")
	l.quit()
}
