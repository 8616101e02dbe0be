package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A subscriptions/listen typed on 2026-07-28 stays open: with its row
// selected the line under the panes names x, which closes it, where it
// named no x and only the README said so.
func TestLiveOwnListenRowNamesXClose(t *testing.T) {
	l := startDemoListening(t)
	// "● listening" is drawn once the session's listen is sent; its
	// acknowledgement can come after a listen typed then, and the rows
	// would not read in the order the keys below count on.
	l.waitFor("Pairs 3 ") // server/discover, the session's listen, its acknowledgement
	l.command(`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	l.waitFor("subscriptions/listen: ok")
	l.waitRowState("subscriptions/listen tools", "● listening")
	// Its acknowledgement too: a row arriving under a cursor on the last
	// row takes the cursor with it.
	l.waitFor("Pairs 5 ")
	l.mark()
	// The fourth row is the listen typed here: the pane's title says the
	// cursor is on it, not following the newest row.
	l.tm.Send(tea.KeyMsg{Type: tea.KeyHome})
	for range 3 {
		l.tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	}
	l.waitFor("Pairs 5 (4/5)")
	l.waitFor("x close ·")
	l.tm.Type("x")
	l.waitRowState("subscriptions/listen tools", "○ closed")
	m := l.quit()
	if got := pairsOf(m, "subscriptions/listen tools"); len(got) != 1 || got[0] != "cancelled" {
		t.Errorf("typed subscriptions/listen rows %v, want it cancelled", got)
	}
	if got := pairsOf(m, "subscriptions/listen all lists"); len(got) != 1 || got[0] != "pending" {
		t.Errorf("the session's subscriptions/listen rows %v, want it still open", got)
	}
}
