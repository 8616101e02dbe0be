package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// addClient announces client id, named name, with records.
func addClient(m *Model, id int, name string) {
	m.Update(clientMsg{ID: id, Transport: "streamable", Name: name, Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{id, fixtureRecords()})
}

// A new client's announcement counts the presses of ] that reach it: when
// ended clients between the shown one and it are let go past maxEnded,
// the count follows at once, and pressing ] that many times shows it.
func TestAnnouncementCountFollowsDroppedClients(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	addClient(m, 1, "shown")
	addClient(m, 2, "first to end")
	m.Update(clientEndedMsg{2})
	addClient(m, 4, "ends later")
	for id := 5; id < maxEnded+4; id++ {
		addClient(m, id, fmt.Sprintf("c%d", id))
		m.Update(clientEndedMsg{id})
	}
	// The proxy passes a client on once upstream answered it: 3 comes
	// last, and goes after 2, which is still listed.
	addClient(m, 3, "newest")
	if text := m.status.msg.text; !strings.HasPrefix(text, "] ×2"+newClientWords) {
		t.Fatalf("client 3 two tabs on is announced as %q", text)
	}
	m.Update(clientEndedMsg{4}) // one ended too many: 2 is let go
	if f, _ := m.clients.feed(2); f != nil {
		t.Fatal("the client that ended first is still listed")
	}
	text := m.status.msg.text
	key, presses := pressesIn(t, text)
	for range presses {
		press(m, key)
	}
	if f := m.clients.shown(); f == nil || f.ID != 3 {
		t.Errorf("announced as %q, %d presses of %s show %+v, not client 3", text, presses, key, f)
	}
}

// pressesIn is the key an announcement asks for, ] or [, and how many
// presses.
func pressesIn(t *testing.T, text string) (string, int) {
	t.Helper()
	keys, _, ok := strings.Cut(text, newClientWords)
	if !ok || (!strings.HasPrefix(keys, "]") && !strings.HasPrefix(keys, "[")) {
		t.Fatalf("not an announcement stepping with ] or [: %q", text)
	}
	n := 1
	if _, count, ok := strings.Cut(keys, " ×"); ok {
		if _, err := fmt.Sscan(count, &n); err != nil {
			t.Fatalf("no count in %q", text)
		}
	}
	return keys[:1], n
}
