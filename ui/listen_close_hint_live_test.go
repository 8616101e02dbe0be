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
	l.command("subscriptions/listen")
	l.waitFor("subscriptions/listen: ok")
	l.waitRowsDrawn("subscriptions/listen", 2)
	l.mark()
	// Rows: server/discover, the session's listen, its acknowledgement,
	// the listen typed here.
	l.tm.Send(tea.KeyMsg{Type: tea.KeyHome})
	for range 3 {
		l.tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	}
	l.waitFor("x close ·")
	l.tm.Type("x")
	l.waitRowState("subscriptions/listen", "○ closed")
	m := l.quit()
	if got := pairsOf(m, "subscriptions/listen all lists"); len(got) != 2 || got[1] != "cancelled" {
		t.Errorf("subscriptions/listen rows %v, want the typed one cancelled", got)
	}
}
