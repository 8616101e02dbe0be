package mcp

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The retry field of a legacy stream before the user's reconnect (r) does
// not pace the reconnects of the session that reconnect opened: its
// stream, which named no retry, is reconnected to at mcpscope's own pace.
// Before, the old session's "retry: 60000" held the new one's reconnect
// a minute, the close saying the server asked for it.
func TestLegacyRetryOfAnEarlierSessionForgotten(t *testing.T) {
	var gets atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		switch gets.Add(1) {
		case 1: // the first session asks for a minute, and ends
			fmt.Fprint(w, "retry: 60000\nevent: endpoint\ndata: /messages?s=1\n\n")
		case 2: // the user's: no retry, ends when released
			fmt.Fprint(w, "event: endpoint\ndata: /messages?s=2\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		default:
			fmt.Fprint(w, "event: endpoint\ndata: /messages?s=3\n\n")
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}
	}))
	t.Cleanup(srv.Close)
	s, rec := connect(t, Config{URL: srv.URL + "/sse", Transport: TransportSSE, Reconnect: true, ReconnectDelay: 10 * time.Millisecond})
	rec.waitFor(t, "the first stream's close", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && r.State.Conn == 1
	})
	if err := s.Reconnect(testCtx(t)); err != nil {
		t.Fatalf("Reconnect: %v", err)
	}
	close(release)
	closed := rec.waitFor(t, "the user's stream's close", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && r.State.Conn == 2
	})
	if strings.Contains(closed.State.Detail, "retry field") {
		t.Errorf("the user's stream closed saying %q: the earlier session's retry paces it", closed.State.Detail)
	}
	rec.waitFor(t, "the reconnect of its own, at mcpscope's pace", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateOpen && r.State.Conn == 3
	})
}
