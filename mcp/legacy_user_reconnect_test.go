package mcp

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A reconnect the user asks for (r) while the legacy transport's
// reconnects of its own wait for their next attempt ends them: that
// attempt came anyway, cut the stream the user's reconnect had opened and
// replaced its session with yet another one. They end at once, not when
// their next attempt is due: that is what the test waits on, with the
// first attempt a minute away.
func TestLegacyUserReconnectEndsTheReconnectsOfItsOwn(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{CloseAfterMessages: 1}, Config{Reconnect: true, ReconnectDelay: time.Minute})
	ctx := testCtx(t)
	if _, err := s.Request(ctx, "tools/list", nil); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "the close the reconnects of its own follow", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && r.State.Auto
	})
	s.mu.Lock()
	l := s.tr.(*legacy)
	s.mu.Unlock()
	waitOwnReconnects(t, l, true)
	if err := s.Reconnect(ctx); err != nil {
		t.Fatalf("Reconnect: %v", err)
	}
	waitOwnReconnects(t, l, false)
	for _, r := range rec.all() {
		if r.Kind == KindState && r.State.State == StateReconnecting && r.State.OnItsOwn() {
			t.Errorf("after the user's reconnect, a reconnect of its own came: %+v", *r.State)
		}
	}
	for range 2 { // the server announces a stream once its endpoint is written
		if _, err := srv.WaitConn(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(srv.Conns()); n != 2 {
		t.Errorf("the server saw %d streams, want 2: the first and the user's reconnect", n)
	}
}

// waitOwnReconnects waits, bounded, until l's reconnects of its own are
// running or, when running is false, have ended: no record says they
// ended (what the user's reconnect did is its own story), their goroutine
// does.
func waitOwnReconnects(t *testing.T, l *legacy, running bool) {
	t.Helper()
	frame := []byte(fmt.Sprintf("(*legacy).autoReconnect(%p", l))
	deadline := time.NewTimer(10 * time.Second)
	defer deadline.Stop()
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n == len(buf) {
			buf = make([]byte, 2*len(buf))
			continue
		}
		if bytes.Contains(buf[:n], frame) == running {
			return
		}
		select {
		case <-tick.C:
		case <-deadline.C:
			t.Fatalf("the reconnects of its own running: %v after 10s, want %v", !running, running)
		}
	}
}

// A reconnect the user asks for while an attempt of the reconnects of its
// own waits for its endpoint takes its place: the attempt ends, saying so,
// and the user's opens. Before, mcpscope crashed (a nil error's words).
func TestLegacyUserReconnectWhileAnAttemptWaitsForItsEndpoint(t *testing.T) {
	waiting := make(chan struct{})
	var gets atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		switch gets.Add(1) {
		case 1: // the first stream names its endpoint and ends
			fmt.Fprint(w, "event: endpoint\ndata: /messages\n\n")
		case 2: // the attempt of its own: open, no endpoint yet
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			close(waiting)
			<-r.Context().Done()
		default: // the user's
			fmt.Fprint(w, "event: endpoint\ndata: /messages\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}
	}))
	t.Cleanup(srv.Close)
	s, rec := connect(t, Config{URL: srv.URL + "/sse", Transport: TransportSSE, Reconnect: true, ReconnectDelay: time.Millisecond})
	ctx := testCtx(t)
	waitClosed(t, waiting, "the attempt of its own's stream")
	if err := s.Reconnect(ctx); err != nil {
		t.Fatalf("Reconnect: %v", err)
	}
	rec.waitFor(t, "the attempt's end", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && r.State.Detail == "connection failed: "+errTakenOver.Error()
	})
	rec.waitFor(t, "the user's stream open", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateOpen && r.State.Conn == 3
	})
}
