package mcp

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// recorded collects a session's records as they arrive.
type recorded struct {
	mu   sync.Mutex
	recs []Record
	done chan struct{}
	more chan struct{}
}

func collect(s *Session) *recorded { return collectFrom(s.Records()) }

// collectFrom keeps every batch of records from (a Session's, an
// Observer's) until it closes.
func collectFrom(from <-chan []Record) *recorded {
	r := &recorded{done: make(chan struct{}), more: make(chan struct{}, 1)}
	go func() {
		defer close(r.done)
		for batch := range from {
			r.mu.Lock()
			r.recs = append(r.recs, batch...)
			r.mu.Unlock()
			select {
			case r.more <- struct{}{}:
			default:
			}
		}
	}()
	return r
}

func (r *recorded) all() []Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Record(nil), r.recs...)
}

// waitFor waits until a record satisfies ok, bounded by a timeout.
func (r *recorded) waitFor(t *testing.T, what string, ok func(Record) bool) Record {
	t.Helper()
	deadline := time.NewTimer(10 * time.Second)
	defer deadline.Stop()
	for {
		for _, rec := range r.all() {
			if ok(rec) {
				return rec
			}
		}
		select {
		case <-r.more:
		case <-r.done:
			for _, rec := range r.all() {
				if ok(rec) {
					return rec
				}
			}
			t.Fatalf("the record stream ended without %s", what)
		case <-deadline.C:
			t.Fatalf("no %s within 10s", what)
		}
	}
}

// waitEnd waits for the record stream to end (after Close), bounded.
func (r *recorded) waitEnd(t *testing.T) {
	t.Helper()
	waitClosed(t, r.done, "the end of the record stream after Close")
}

// waitClosed waits for ch to be closed or to receive, failing the test
// with what did not happen when it takes more than 10s.
func waitClosed(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("no %s within 10s", what)
	}
}

func (r *recorded) of(kind Kind) []Record {
	var out []Record
	for _, rec := range r.all() {
		if rec.Kind == kind {
			out = append(out, rec)
		}
	}
	return out
}

// dial starts a fake server and a connected session against it.
func dial(t *testing.T, opts mcptest.Options, cfg Config) (*mcptest.Server, *Session, *recorded) {
	t.Helper()
	srv := mcptest.New(t, opts)
	cfg.URL = srv.URL
	if cfg.Transport == "" {
		// The legacy fake's own tests: detection has tests of its own.
		cfg.Transport = TransportSSE
	}
	s, rec := connect(t, cfg)
	return srv, s, rec
}

// connect opens a session with cfg, collecting its records, and connects
// it; the session is closed when the test ends.
func connect(t *testing.T, cfg Config) (*Session, *recorded) {
	t.Helper()
	s := NewSession(cfg)
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	return s, rec
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}
