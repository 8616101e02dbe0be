package mcp

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Behind a proxy that lost the path prefix, the initialize POST finds the
// prefixed URL after a 404, and the server there holds its 202 until the
// client answers a ping it sent on the stream meanwhile (as a server holds
// a tools/call until an elicitation is answered). The answer goes to the
// URL being tried at once, so the held POST is released by it. Before, the
// answer waited for the decision, that is for the held POST, until the
// server gave up holding.
func TestAnswerDoesNotWaitBehindTheHeldFallbackPost(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointMessage})
	answered := make(chan struct{})
	var answerOnce sync.Once
	var releasedByAnswer atomic.Bool
	heldDone := make(chan struct{})
	var unprefixed atomic.Int64
	front := mcptest.BehindPrefixWith(t, srv, func(mux *http.ServeMux, proxied http.Handler) {
		mux.HandleFunc("POST /message", func(w http.ResponseWriter, r *http.Request) {
			unprefixed.Add(1)
			http.NotFound(w, r)
		})
		mux.HandleFunc("POST /gw/message", func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(b))
			if strings.Contains(string(b), `"id":"held-1"`) {
				answerOnce.Do(func() { close(answered) })
			}
			if !strings.Contains(string(b), `"method":"initialize"`) {
				proxied.ServeHTTP(w, r)
				return
			}
			held := httptest.NewRecorder()
			proxied.ServeHTTP(held, r)
			// WaitConn, not Conns: the fake announces a stream just after
			// writing its endpoint, so a client quick to POST can be here
			// first, and then no ping went out and the test failed (17 in
			// 1,500 -race runs on a loaded machine).
			conn, err := srv.WaitConn(r.Context())
			if err != nil {
				t.Errorf("the server's stream never opened: %v", err)
			} else if err := conn.PingID(json.RawMessage(`"held-1"`)); err != nil {
				t.Errorf("the server's ping on the stream: %v", err)
			}
			select {
			case <-answered:
				releasedByAnswer.Store(true)
			case <-time.After(8 * time.Second):
				// Long enough for a loaded -race run to answer; short of
				// the 10 s request timeout, so a regression fails here.
			}
			close(heldDone)
			w.WriteHeader(held.Code)
			_, _ = w.Write(held.Body.Bytes())
		})
	})

	s, rec := connect(t, Config{URL: front.URL + "/gw/sse", Transport: TransportSSE, RequestTimeout: 10 * time.Second})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	// The initialize answer comes on the stream, before the held POST's
	// 202: wait for the server to have let that POST go.
	waitClosed(t, heldDone, "the held initialize POST answered")
	if !releasedByAnswer.Load() {
		t.Error("the answer to the server's ping reached the server only after its held POST gave up: it waited behind that POST")
	}
	note := rec.waitFor(t, "notifications/initialized sent", func(r Record) bool {
		return r.Kind == KindSent && r.RPC.Method == "notifications/initialized"
	})
	rec.waitFor(t, "notifications/initialized taken at the prefixed URL", func(r Record) bool {
		return r.Kind == KindHTTP && r.HTTP.ReqSeq == note.Seq && r.HTTP.Status == http.StatusAccepted && strings.Contains(r.HTTP.URL, "/gw/message?")
	})
	if n := unprefixed.Load(); n != 1 {
		t.Errorf("the URL that answered 404 got %d POSTs, want only the first", n)
	}
}
