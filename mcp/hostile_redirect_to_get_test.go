package mcp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A POST redirected with 301, 302 or 303 is not followed: net/http would
// send it again as a GET without the message, and read what the GET
// answers as the answer. It used to be followed, and the handshake failed
// saying the server "answered JSON that is not a JSON-RPC message", the
// message never having arrived. Detection stops on it, saying where the
// server redirects, in every transport asked for.
func TestPostRedirectedAsAGetIsNotFollowed(t *testing.T) {
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther} {
		for _, transport := range []string{"", TransportStreamable, TransportStateless} {
			var gets atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method != http.MethodPost {
					gets.Add(1)
					w.Header().Set("Content-Type", "application/json")
					_, _ = w.Write([]byte(`{"what":"a GET answer"}`))
					return
				}
				http.Redirect(w, r, "/mcp/", status)
			}))
			s := NewSession(Config{URL: srv.URL + "/mcp", Transport: transport, RequestTimeout: 10 * time.Second, NoGetStream: true})
			rec := collect(s)
			err := s.Connect(testCtx(t))
			if err == nil || !strings.Contains(err.Error(), "/mcp/") || !strings.Contains(err.Error(), "without the message") {
				t.Errorf("%d %q: Connect = %v, want it to say the POST was redirected as a GET without the message, to /mcp/", status, transport, err)
			}
			if n := gets.Load(); n != 0 {
				t.Errorf("%d %q: the server got %d GETs, want the redirect of a POST not followed", status, transport, n)
			}
			s.Close()
			rec.waitEnd(t)
			srv.Close()
		}
	}
}
