package ui

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// typeTab types s and presses tab: the step that asks what tab offers
// after it.
func (l *live) typeTab(s string) {
	l.tm.Type(s)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
}

// tabView types typed, presses tab, waits for shown (what the candidates
// drawn say), quits and returns the final screen without its styles: the
// ending of the tests of what tab offers.
func (l *live) tabView(typed, shown string) string {
	l.t.Helper()
	l.typeTab(typed)
	l.waitFor(shown)
	return ansi.Strip(l.quit().View())
}

// unsubscribeTab opens ":unsubscribe ", waits for hint (the subscribed
// URIs the hint names), presses tab and waits for the line it completes:
// the tests subscribe to demo://clock alone.
func (l *live) unsubscribeTab(hint string) {
	l.t.Helper()
	l.mark()
	l.tm.Type(":unsubscribe ")
	l.waitFor(hint)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("unsubscribe demo://clock")
}
