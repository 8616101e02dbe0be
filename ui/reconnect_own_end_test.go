package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Each run of reconnects of its own opens its status line with how its
// own stream ended: a run that followed a break said "the server closed
// the stream" when the run before had followed a clean close, as the
// words were kept apart from the log that said how each run began.
func TestReconnectingSaysHowThisRunsStreamEnded(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	feed := feeder(s, m)
	attempt := func() {
		feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateReconnecting, Detail: mcp.AutoReconnect + "attempt 1 of 5", Auto: true}})
	}
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Conn: 1, Auto: true, ServerEnded: true, Detail: "the server closed the stream"}})
	attempt()
	if got := m.status.msg.text; !strings.HasPrefix(got, "the server closed the stream: reconnecting on its own") {
		t.Fatalf("after a clean close the status line = %q", got)
	}
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: 2, Auto: true}})
	// The next run follows a break said by its error alone.
	feed(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpStream, Message: "the stream broke: unexpected EOF", Reconnecting: true}})
	attempt()
	if got := m.status.msg.text; !strings.HasPrefix(got, "the stream broke: reconnecting on its own") {
		t.Errorf("after a break the status line = %q, want it to say the stream broke", got)
	}
}

// feeder returns what adds records to s and hands m those it added as one
// batch, as the session hands the TUI what it read together.
func feeder(s *script, m *Model) func(...mcp.Record) {
	return func(rs ...mcp.Record) {
		n := len(s.recs)
		for _, r := range rs {
			s.add(r)
		}
		m.Update(recordsMsg(s.recs[n:]))
	}
}
