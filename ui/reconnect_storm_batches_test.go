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
	m, feed := amidOwnReconnect(t)
	feed(newSession(2, "DEF456")...)
	if got := m.status.msg.text; !strings.Contains(got, "press i to initialize it") {
		t.Fatalf("after the new session the status line = %q", got)
	}
	feed(stoppedReconnecting(2))
	wantStoppedSaid(t, m)
}

// The same reconnects, the close of the stream before the last attempt
// read in one batch with that attempt (and, on a busier machine still,
// with the close that ended them): that close, taken for the end of the
// reconnects, was said ("having sent the same messages as the time before
// — press r") over the attempt's new session, and the close saying that
// mcpscope stopped reconnecting, and why, found the line taken. 1 run in
// 50 of the live test under -race read so.
func TestReconnectsStoppedInTheBatchOfTheCloseBeforeSayWhy(t *testing.T) {
	attempt := append([]mcp.Record{
		{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Conn: 2, Auto: true, ServerEnded: true, Detail: "the server closed the stream, having sent the same messages as the time before"}},
		{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateReconnecting, Conn: 3, Detail: mcp.AutoReconnect + "attempt 1 of 5", Auto: true}},
	}, newSession(3, "GHI789")...)
	t.Run("the end in the same batch", func(t *testing.T) {
		m, feed := amidOwnReconnect(t)
		feed(newSession(2, "DEF456")...)
		feed(append(attempt, stoppedReconnecting(3))...)
		wantStoppedSaid(t, m)
	})
	t.Run("the end in the next batch", func(t *testing.T) {
		m, feed := amidOwnReconnect(t)
		feed(append(newSession(2, "DEF456"), attempt...)...)
		if got := m.status.msg.text; !strings.Contains(got, "press i to initialize it") {
			t.Fatalf("after the new session the status line = %q", got)
		}
		feed(stoppedReconnecting(3))
		wantStoppedSaid(t, m)
	})
}

// A TUI that starts on a busy machine after the reconnects stopped reads
// them whole in one batch: their start was never said, so their end was
// not either, and the bar read "● closed" with no word of why or of r.
func TestReconnectsReadInOneBatchSayWhyTheyStopped(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	feeder(s, m)(append([]mcp.Record{
		{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Conn: 1, Auto: true, ServerEnded: true, Detail: "the server closed the stream"}},
		{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateReconnecting, Conn: 2, Detail: mcp.AutoReconnect + "attempt 1 of 5", Auto: true}},
	}, append(newSession(2, "DEF456"), stoppedReconnecting(2))...)...)
	wantStoppedSaid(t, m)
}

// amidOwnReconnect is a TUI on a legacy session whose stream the server
// closed, the first attempt of the reconnects of its own under way; feed
// hands it records as one batch.
func amidOwnReconnect(t *testing.T) (*Model, func(...mcp.Record)) {
	t.Helper()
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	feed := feeder(s, m)
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Conn: 1, Auto: true, ServerEnded: true, Detail: "the server closed the stream"}})
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateReconnecting, Conn: 2, Detail: mcp.AutoReconnect + "attempt 1 of 5", Auto: true}})
	if got := m.status.msg.text; !strings.Contains(got, "attempt 1 of 5") {
		t.Fatalf("during the attempt the status line = %q", got)
	}
	return m, feed
}

// newSession is what an attempt that opened a stream records: the new
// session, which nobody initialized.
func newSession(conn int, id string) []mcp.Record {
	return []mcp.Record{
		{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Conn: conn, SessionID: id, Transport: mcp.TransportSSE}},
		{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateSessionReplaced, Conn: conn, Detail: "the new stream is a new session (" + id + ") that was never initialized: initialize again"}},
	}
}

// stoppedReconnecting is the close of conn's stream that ends the
// reconnects of its own, saying why.
func stoppedReconnecting(conn int) mcp.Record {
	const why = "the server closed the stream, as soon as it opened, 2 times in a row, having sent the same messages as the time before; mcpscope stopped reconnecting on its own"
	return mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Conn: conn, ServerEnded: true, Detail: why}}
}

// wantStoppedSaid fails t unless the status line says the reconnects
// stopped, why, and that r reconnects.
func wantStoppedSaid(t *testing.T, m *Model) {
	t.Helper()
	got := m.status.msg.text
	if !strings.Contains(got, "mcpscope stopped reconnecting on its own") || !strings.Contains(got, "press r to reconnect") {
		t.Errorf("after the reconnects stopped the status line = %q, want why and that r reconnects", got)
	}
}
