package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A newcomer on 80 columns is told how to reach every other key: the idle
// command line's key row ends with "? help", which the status bar dropped
// there for its counts, and ? opens the help it names.
func TestLiveKeyRowNamesTheHelpOn80Columns(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.waitFor(": command line · c call a tool · enter open in detail · / filter events · ? help")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("/ search · esc back to the list · ? help")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'?'}})
	l.waitFor("? or esc to close")
	l.quit()
}
