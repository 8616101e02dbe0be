package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A DELETE ending the session that failed without an answer (a redirect
// to another origin, refused so the token does not follow; a connection
// reset) leaves the session open on the server as a 500 does: exec said
// only "redirected: DELETE ... to ...", as if it had been followed, or
// nothing at all. It warns now, saying why, as it does of a 500.
func TestExecSaysTheDeleteFailed(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the DELETE followed the redirect to another origin: %s %s", r.Method, r.URL)
	}))
	t.Cleanup(other.Close)
	for _, c := range []struct {
		name string
		want string
		del  func(w http.ResponseWriter)
	}{
		{"redirect", "points at another origin", func(w http.ResponseWriter) {
			w.Header().Set("Location", other.URL+"/mcp")
			w.WriteHeader(http.StatusTemporaryRedirect)
		}},
		{"reset", "DELETE " /* the failure, in its words */, func(w http.ResponseWriter) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			_ = conn.(*net.TCPConn).SetLinger(0)
			conn.Close()
		}},
	} {
		up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
		target, _ := url.Parse(up.URL)
		relay := httputil.NewSingleHostReverseProxy(target)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodDelete {
				c.del(w)
				return
			}
			relay.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		_, errOut, code := run(t, "exec", "--no-record", "--bearer", "tok", "--transport", "streamable", srv.URL+strings.TrimPrefix(up.Endpoint(), up.URL), "tools/list")
		i := strings.Index(errOut, "warning: the DELETE that ends the session failed: ")
		if code != exitOK || i < 0 || !strings.Contains(errOut[i:], c.want) || !strings.Contains(errOut[i:], "the session may stay open on the server") {
			t.Errorf("%s: exit %d, want 0 and a warning that the DELETE failed (%q):\n%s", c.name, code, c.want, errOut)
		}
	}
}
