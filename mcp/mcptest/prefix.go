package mcptest

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"
)

// BehindPrefix serves srv under /gw through a reverse proxy that strips the
// prefix, as a gateway mounting a legacy server does: the server's endpoint
// event names its POST path from the root (/message?sessionId=...), where
// the proxy serves nothing, so a client must find the path under the
// stream's prefix. Like most servers, it takes no POST at its stream's path
// (the canonical fallback answers 405). The stream is relayed as it comes.
func BehindPrefix(t testing.TB, srv *Server) *httptest.Server {
	t.Helper()
	target, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.FlushInterval = -1
	mux := http.NewServeMux()
	mux.HandleFunc("POST /gw/sse", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
	})
	mux.Handle("/gw/", http.StripPrefix("/gw", rp))
	front := httptest.NewServer(mux)
	t.Cleanup(front.Close)
	return front
}
