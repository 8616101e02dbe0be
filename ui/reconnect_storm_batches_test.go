package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The reconnects of its own to a legacy server that greets each new stream
// the same way and ends it, read a batch at a time as a busy machine reads
// them: the new session of the last attempt was said on its own ("press i
// to initialize it"), and the close that ended the reconnects right after
// said nothing, so the bar read "● closed" with no word of why or of r.
func TestReconnectsStoppedAfterANewSessionSayWhy(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	feed := feeder(s, m)
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Conn: 1, Auto: true, ServerEnded: true, Detail: "the server closed the stream"}})
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateReconnecting, Detail: mcp.AutoReconnect + "attempt 1 of 5", Auto: true}})
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 2, SessionID: "DEF456", Transport: mcp.TransportSSE}},
		mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateSessionReplaced, Conn: 2, Detail: "the new stream is a new session (DEF456) that was never initialized: initialize again"}})
	if got := m.status.msg.text; !strings.Contains(got, "press i to initialize it") {
		t.Fatalf("after the new session the status line = %q", got)
	}
	const why = "the server closed the stream, as soon as it opened, 2 times in a row, having sent the same messages as the time before; mcpscope stopped reconnecting on its own"
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Conn: 2, ServerEnded: true, Detail: why}})
	got := m.status.msg.text
	if !strings.Contains(got, "mcpscope stopped reconnecting on its own") || !strings.Contains(got, "press r to reconnect") {
		t.Errorf("after the reconnects stopped the status line = %q, want why and that r reconnects", got)
	}
}
