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
	return BehindPrefixWith(t, srv, func(mux *http.ServeMux, _ http.Handler) {
		mux.HandleFunc("POST /gw/sse", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		})
	})
}

// BehindPrefixWith serves srv under /gw as BehindPrefix does, with the
// routes of the proxy in front set by routes instead of the 405 at the
// stream's path: routes is given the proxy's mux and the handler that
// relays to srv (prefix stripped), and adds what this front does its own
// way (a path that answers 404, holds a POST, or breaks the connection).
// Everything else under /gw/ is relayed to srv.
func BehindPrefixWith(t testing.TB, srv *Server, routes func(mux *http.ServeMux, proxied http.Handler)) *httptest.Server {
	t.Helper()
	target, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.FlushInterval = -1
	proxied := http.StripPrefix("/gw", rp)
	mux := http.NewServeMux()
	routes(mux, proxied)
	mux.Handle("/gw/", proxied)
	front := httptest.NewServer(mux)
	t.Cleanup(front.Close)
	return front
}
