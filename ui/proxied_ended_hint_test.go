package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied session that ended before its client sent a request (a
// legacy stream upstream refused) says so in Pairs, where "no requests
// yet from this client" promised more that could not come.
func TestProxiedSessionEndedWithoutRequestsSaysSo(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	showClient(m, "node", []mcp.Record{{Seq: 1, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting}}})
	if view := m.View(); !strings.Contains(view, "no requests yet from this client") {
		t.Fatalf("an open session without requests does not say none came yet:\n%s", view)
	}
	m.Update(clientRecordsMsg{1, []mcp.Record{{Seq: 2, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Detail: "the legacy stream was refused"}}}})
	view := m.View()
	if strings.Contains(view, "no requests yet") || !strings.Contains(view, "the session ended before its client sent any") {
		t.Errorf("a session that ended without requests does not say so:\n%s", view)
	}
}
