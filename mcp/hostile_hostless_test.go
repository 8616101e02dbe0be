package mcp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An endpoint with a scheme but no host ("http:\\evil/x", "http:/x",
// "http:x") is no other origin to refuse or allow: it names no server at
// all. The error says so, not that it points at "http://:80".
func TestEndpointWithNoHostIsABadEndpoint(t *testing.T) {
	for _, data := range []string{`http:\\127.0.0.1:1/message`, "http:/message?sessionid=1", "https:message"} {
		srv := mcptest.New(t, mcptest.Options{Endpoint: func(string, string) string { return data }})
		s := NewSession(Config{URL: srv.URL, Transport: TransportSSE})
		err := s.Connect(testCtx(t))
		if CauseOf(err) != CauseBadEndpoint || !strings.Contains(err.Error(), "names no host") || strings.Contains(err.Error(), "://:") {
			t.Errorf("endpoint %q: Connect = %v (cause %s), want a bad-endpoint error saying it names no host", data, err, CauseOf(err))
		}
		s.Close()
	}
}

// A redirect whose Location has a scheme and no host is the server's
// broken HTTP, said as such.
func TestRedirectWithNoHostIsBadHTTP(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "http:/elsewhere")
		w.WriteHeader(http.StatusTemporaryRedirect)
	}))
	t.Cleanup(srv.Close)
	s := NewSession(Config{URL: srv.URL + "/sse", Transport: TransportSSE})
	defer s.Close()
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "names no host") {
		t.Errorf("Connect = %v (cause %s), want bad HTTP saying the redirect names no host", err, CauseOf(err))
	}
}
