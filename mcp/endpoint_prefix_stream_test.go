package mcp

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An endpoint event naming "/sse" behind a proxy that serves the stream
// at /gw/sse: the path under the prefix is the stream's own URL, which is
// no place to POST messages, so it is not tried after the preferred URL's
// 404. Before, the message went to the stream URL too.
func TestPrefixedURLThatIsTheStreamIsNotTried(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Endpoint: func(_, _ string) string { return "/sse" }})
	var toStream atomic.Int64
	front := mcptest.BehindPrefixWith(t, srv, func(mux *http.ServeMux, _ http.Handler) {
		mux.HandleFunc("POST /gw/sse", func(w http.ResponseWriter, r *http.Request) {
			toStream.Add(1)
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		})
	})

	s, rec := connect(t, Config{URL: front.URL + "/gw/sse", Transport: TransportSSE, RequestTimeout: 2 * time.Second})
	ep := rec.waitFor(t, "the endpoint", func(r Record) bool { return r.Kind == KindEndpoint })
	if ep.Endpoint.Prefixed != "" {
		t.Errorf("Prefixed = %q, the stream's own URL; want none", ep.Endpoint.Prefixed)
	}
	if _, err := s.Initialize(testCtx(t)); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("Initialize = %v, want the preferred URL's 404", err)
	}
	if n := toStream.Load(); n != 0 {
		t.Errorf("the stream's URL got %d POSTs", n)
	}
}
