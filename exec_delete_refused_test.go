package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answered the DELETE ending its session with 500 keeps the
// session open: exec said nothing of it, only the recording did. It says
// so on stderr now; a 405 (a server that lets no client end sessions, as
// the specification allows) is still no warning.
func TestExecSaysTheDeleteWasRefused(t *testing.T) {
	// The TypeScript SDK answers a DELETE for a session it no longer
	// knows (restarted, expired) with 400 and a JSON-RPC error: the
	// session is gone, as a 404 says, and no warning is due.
	const gone = `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"},"id":null}`
	for _, c := range []struct {
		status int
		body   string
		want   bool
	}{{http.StatusInternalServerError, "boom", true}, {http.StatusMethodNotAllowed, "boom", false}, {http.StatusBadRequest, gone, false}, {http.StatusBadRequest, "boom", true}} {
		up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
		target, _ := url.Parse(up.URL)
		relay := httputil.NewSingleHostReverseProxy(target)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodDelete {
				if c.body == gone {
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(c.status)
					_, _ = w.Write([]byte(gone))
					return
				}
				http.Error(w, c.body, c.status)
				return
			}
			relay.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		_, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", srv.URL+strings.TrimPrefix(up.Endpoint(), up.URL), "tools/list")
		said := strings.Contains(errOut, "warning: the DELETE that ends the session was answered "+strconv.Itoa(c.status)+" "+http.StatusText(c.status))
		if code != 0 || said != c.want {
			t.Errorf("DELETE answered %d: exit %d, warned %v, want exit 0 and warned %v:\n%s", c.status, code, said, c.want, errOut)
		}
	}
}

// A session id is the server's text, sent back as it came: the line saying
// its DELETE was refused names it made safe to print, where a C1 CSI and
// a right-to-left override in it reached the terminal.
func TestExecRefusedDeleteNamesTheSessionSafely(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{SessionID: func() string { return "abc\u009b2J\u202edef" }})
	target, _ := url.Parse(up.URL)
	relay := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodDelete {
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		relay.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	_, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", srv.URL+strings.TrimPrefix(up.Endpoint(), up.URL), "tools/list")
	if code != 0 || !strings.Contains(errOut, "until it expires (session abc") || strings.ContainsAny(errOut, "\u009b\u202e") {
		t.Errorf("exit %d, want 0 and the session named with no control in it:\n%q", code, errOut)
	}
}
