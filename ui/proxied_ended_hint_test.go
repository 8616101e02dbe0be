package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

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

// Raw events of a proxied session that ended without any (an upstream
// that answered its initialize 502) said "no events yet", promising what
// could not come; an open one still says "yet".
func TestProxiedSessionEndedWithoutEventsSaysSo(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	showClient(m, "node", []mcp.Record{{Seq: 1, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting}}})
	if view := m.View(); !strings.Contains(view, "no events yet") {
		t.Fatalf("an open session without events does not say none came yet:\n%s", view)
	}
	m.Update(clientRecordsMsg{1, []mcp.Record{{Seq: 2, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Detail: "upstream answered 502"}}}})
	view := m.View()
	if strings.Contains(view, "no events yet") || !strings.Contains(view, "the session ended without any") {
		t.Errorf("a session that ended without events does not say so:\n%s", view)
	}
}

// A replay played to its end with no SSE event in it (a session answered
// in plain JSON) said "no events yet" in Raw events, as if some were to
// come.
func TestReplayWithoutEventsSaysNoneAtItsEnd(t *testing.T) {
	var recs []mcp.Record
	for _, r := range fixtureRecords() {
		if r.Kind != mcp.KindEvent {
			recs = append(recs, r)
		}
	}
	m := New(Options{Player: recordingOf(t, recs), Styles: testStyles(), URL: fixtureBase, Transport: "streamable", Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	for i := 0; i < 100 && !m.com.replayDone; i++ {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("G")})
		m.Update(replayTickMsg{})
	}
	if got := paneText(t, m.View(), "Raw events"); strings.Contains(got, "yet") || !strings.Contains(got, "no events in this recording") {
		t.Errorf("Raw events of a replay without events, at its end, says %q, want none in the recording", got)
	}
}
