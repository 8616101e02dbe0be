package mcp

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
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
	target, _ := url.Parse(srv.URL)
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.FlushInterval = -1
	var toStream atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("POST /gw/sse", func(w http.ResponseWriter, r *http.Request) {
		toStream.Add(1)
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
	})
	mux.Handle("/gw/", http.StripPrefix("/gw", rp))
	front := httptest.NewServer(mux)
	t.Cleanup(front.Close)

	s := NewSession(Config{URL: front.URL + "/gw/sse", Transport: TransportSSE, RequestTimeout: 2 * time.Second})
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
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
