package history

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// liveRecorded is a legacy session with a fake server, recorded to a file
// as the TUI records one, with a Log reading the recording back (Log nil
// when not asked for).
type liveRecorded struct {
	Path string
	Rec  *Recorder
	Log  *Log
	Conn *mcptest.Conn
	// Arrived is closed once the until given to recordLive first held.
	Arrived <-chan struct{}
	s       *mcp.Session
	done    chan struct{}
}

// recordLive connects to a fake server and records the session to a file
// in t.TempDir(): every batch goes to the recording and, with withLog, to
// a Log made by Recorder.NewLog; until is asked of each record, in order,
// on the one goroutine that consumes them. The Log is closed at the
// test's end.
func recordLive(t *testing.T, ctx context.Context, withLog bool, until func(mcp.Record) bool) *liveRecorded {
	t.Helper()
	srv := mcptest.New(t, mcptest.Options{})
	path := filepath.Join(t.TempDir(), "live.jsonl")
	rec, err := Create(path, Header{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewSession(mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l := &liveRecorded{Path: path, Rec: rec, s: s, done: make(chan struct{})}
	if withLog {
		l.Log = rec.NewLog()
		t.Cleanup(func() { l.Log.Close() })
	}
	arrived := make(chan struct{})
	l.Arrived = arrived
	// A test that fails before the records end still waits for them,
	// bounded, before its directory goes: the consumer reported the
	// recording's file gone, from a test already over, which panics.
	t.Cleanup(func() {
		s.Close()
		select {
		case <-l.done:
		case <-time.After(time.Minute):
			t.Errorf("the session's records did not end within a minute of Close")
		}
	})
	var once sync.Once
	go func() {
		defer close(l.done)
		for batch := range Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }) {
			if l.Log != nil {
				l.Log.Append(batch...)
			}
			for _, r := range batch {
				if until(r) {
					once.Do(func() { close(arrived) })
				}
			}
		}
	}()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if l.Conn, err = srv.WaitConn(ctx); err != nil {
		t.Fatal(err)
	}
	return l
}

// wait waits for until to hold, then closes the session and waits for
// its records to be consumed; the recording is left open.
func (l *liveRecorded) wait(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	select {
	case <-l.Arrived:
	case <-ctx.Done():
		t.Fatalf("%s did not arrive", what)
	}
	l.s.Close()
	// Bounded by the test's context, not waitClosed's 10s: the records a
	// flood left the recording behind on are written before the session's
	// records end, which under -race on a loaded machine took longer.
	select {
	case <-l.done:
	case <-ctx.Done():
		t.Fatalf("no end of the session's records after Close: %v", ctx.Err())
	}
}

// isNote reports a notifications/message the server sent.
func isNote(r mcp.Record) bool {
	return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "notifications/message"
}
