package mcp

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Behind a proxy that lost the path prefix, the initialize POST finds the
// prefixed URL after a 404, and its answer comes on the stream before the
// prefixed POST's 202 (as it may). The notifications/initialized that
// follows waits for that decision and goes to the prefixed URL: the
// preferred URL gets one POST, not a second 404. Before, it went to the
// old URL while the decision was still on its way.
func TestPrefixFallbackIsDecidedBeforeTheNextPost(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointMessage})
	var mu sync.Mutex
	var unprefixed []string
	another := make(chan struct{}, 8)
	front := mcptest.BehindPrefixWith(t, srv, func(mux *http.ServeMux, proxied http.Handler) {
		mux.HandleFunc("POST /message", func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			mu.Lock()
			unprefixed = append(unprefixed, string(b))
			again := len(unprefixed) > 1
			mu.Unlock()
			if again {
				another <- struct{}{}
			}
			http.NotFound(w, r)
		})
		mux.HandleFunc("POST /gw/message", func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(b))
			if !strings.Contains(string(b), `"method":"initialize"`) {
				proxied.ServeHTTP(w, r)
				return
			}
			// The answer goes out on the stream now; the 202 is held until
			// another POST comes to the old URL, or for a bounded while.
			held := httptest.NewRecorder()
			proxied.ServeHTTP(held, r)
			select {
			case <-another:
			case <-time.After(500 * time.Millisecond):
			}
			w.WriteHeader(held.Code)
			_, _ = w.Write(held.Body.Bytes())
		})
	})

	s, rec := connect(t, Config{URL: front.URL + "/gw/sse", Transport: TransportSSE, RequestTimeout: 5 * time.Second})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	if _, err := s.Request(testCtx(t), "tools/list", nil); err != nil {
		t.Fatalf("tools/list after the fallback: %v", err)
	}
	note := rec.waitFor(t, "notifications/initialized sent", func(r Record) bool {
		return r.Kind == KindSent && r.RPC.Method == "notifications/initialized"
	})
	rec.waitFor(t, "notifications/initialized taken at the prefixed URL", func(r Record) bool {
		return r.Kind == KindHTTP && r.HTTP.ReqSeq == note.Seq && r.HTTP.Status == http.StatusAccepted && strings.Contains(r.HTTP.URL, "/gw/message?")
	})
	mu.Lock()
	defer mu.Unlock()
	if len(unprefixed) != 1 {
		t.Errorf("the URL that answered 404 got %d POSTs, want only the first:\n%s", len(unprefixed), strings.Join(unprefixed, "\n"))
	}
}
