package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The user's own session in a proxy's TUI, opened with o before it has sent
// anything, says what a live session says (press i, press l), where its
// Pairs pane said "no requests yet from this client" and, before its first
// record, its Negotiation pane "waiting for a client to connect to the
// proxy": the session is no client's, and no client is awaited.
func TestOwnSessionEmptyPanesSayPressI(t *testing.T) {
	m := ownOpened(t, 160, 45, make(chan []mcp.Record), newFakeBackend())
	say := func(when string) {
		t.Helper()
		view := m.View()
		for _, wrong := range []string{"from this client", "no client has connected", "waiting for a client to connect"} {
			if strings.Contains(view, wrong) {
				t.Errorf("the own session, %s, says %q:\n%s", when, wrong, view)
			}
		}
		if row(view, "no requests yet: press i to initialize, l to list tools") == "" {
			t.Errorf("the own session, %s, does not say to press i:\n%s", when, view)
		}
	}
	say("before its first record")
	m.Update(clientRecordsMsg{-1, []mcp.Record{{Seq: 1, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}}}})
	say("open with nothing sent")
	// A proxied client's session still offers no key of its own.
	press(m, "[")
	if view := m.View(); strings.Contains(view, "press i to initialize") {
		t.Errorf("a proxied client's empty session says to press i:\n%s", view)
	}
}
