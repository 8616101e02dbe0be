package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers 404 to the first request carrying the session its
// initialize answer just named keeps no sessions: exec says so, instead of
// advising to run it again (which starts a session forgotten the same way).
func TestExecSessionForgottenAtOnce(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	target, _ := url.Parse(srv.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Mcp-Session-Id") != "" {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", front.URL+"/mcp", "tools/list")
	if code != exitConnect || !strings.Contains(out+errOut, "never accepted") || !strings.Contains(out+errOut, "sticky") || strings.Contains(out+errOut, "run the command again") {
		t.Errorf("exit %d, want %d saying the server never accepted its session\n%s\n%s", code, exitConnect, out, errOut)
	}
}
