package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A ping the server sends before its endpoint event is answered once the
// endpoint is known, not refused as "not connected" (one server closes
// the stream over an unanswered ping).
func TestPingBeforeTheEndpointIsAnswered(t *testing.T) {
	gate := make(chan struct{})
	srv := mcptest.New(t, mcptest.Options{EndpointGate: gate})
	s := NewSession(Config{URL: srv.SSEURL(), Transport: TransportSSE})
	rec := collect(s)
	defer s.Close()
	connected := make(chan error, 1)
	go func() { connected <- s.Connect(testCtx(t)) }()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.PingID([]byte(`"early"`)); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "the reply", func(r Record) bool { return r.Kind == KindSent && r.RPC.Class == ClassReply })
	// The endpoint is held back a little longer than a refusal takes to
	// be logged, so a reply that does not wait for it shows as one.
	if r, ok := rec.within(300*time.Millisecond, func(r Record) bool { return r.Kind == KindError }); ok {
		t.Fatalf("the reply failed before the endpoint came: %s", r.Error.Message)
	}
	close(gate)
	if err := <-connected; err != nil {
		t.Fatalf("Connect: %v", err)
	}
	// Bounded as every wait of these tests is (testCtx): a bound of 3s
	// could run out under -race on a loaded machine before the answer,
	// sent, reached the server.
	if _, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return strings.Contains(string(p.Body), `"id":"early","result"`) }); err != nil {
		t.Fatalf("the early ping was not answered: %v", err)
	}
}

// within waits up to d for a record that satisfies ok, and reports it; for
// something that must not happen, where only a bounded wait can tell.
func (r *recorded) within(d time.Duration, ok func(Record) bool) (Record, bool) {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		for _, rec := range r.all() {
			if ok(rec) {
				return rec, true
			}
		}
		select {
		case <-r.more:
		case <-r.done:
			return Record{}, false
		case <-deadline.C:
			return Record{}, false
		}
	}
}
