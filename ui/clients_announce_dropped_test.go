package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A new client that ended, announced "] shows a new client: 2 … (ended)",
// and was then let go past maxEnded kept its announcement: ] stepped to
// another client. The status line no longer offers it, and the clients
// bar counts it among the ones let go.
func TestAnnouncementGoesWithTheClientLetGo(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	addClient(m, 1, "shown")
	for id := 3; id <= maxEnded+3; id++ {
		addClient(m, id, "later")
	}
	addClient(m, 2, "came and went")
	m.Update(clientEndedMsg{2})
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "shows a new client: 2 came and went · streamable (ended)") {
		t.Fatalf("client 2 is not announced:\n%s", view)
	}
	for id := 3; id <= maxEnded+3; id++ {
		m.Update(clientEndedMsg{id})
	}
	if f, _ := m.clients.feed(2); f != nil {
		t.Fatal("client 2 is still listed")
	}
	view = ansi.Strip(m.View())
	if strings.Contains(view, "a new client: 2") {
		t.Errorf("client 2, let go, is still announced:\n%s", view)
	}
	if !strings.Contains(view, "ended earlier") {
		t.Errorf("the clients bar does not count the clients let go:\n%s", view)
	}
}
