package mcptest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"testing"
)

// Front serves on 127.0.0.1 a relay to the server at target (a base URL,
// such as a fake's or the demo gateway's), for a test of a server that is
// well but for one thing. Every request is shown first to intercept, with
// its body read (and put back for the relay): intercept answers it itself
// and returns true, or returns false to have it relayed as it came. The
// relay passes each write on at once, so a stream arrives as it is sent.
// The front is closed when the test ends.
func Front(t testing.TB, target string, intercept func(w http.ResponseWriter, r *http.Request, body []byte) bool) *httptest.Server {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	relay := httputil.NewSingleHostReverseProxy(u)
	relay.FlushInterval = -1
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if intercept(w, r, body) {
			return
		}
		// intercept may have read r.Body again before passing it on.
		r.Body = io.NopCloser(bytes.NewReader(body))
		relay.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	return front
}
