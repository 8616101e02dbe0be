package main

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that refreshes its token mid-session sends each new one in its
// Authorization header; when upstream echoes one in a body, the recording
// still holds none of them, not only the first.
func TestProxyRecordingRedactsRefreshedTokens(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	tok := &refreshingToken{}
	greetThroughProxy(t, h, tok, "refresh-test", 3, tok.current)
	recordingsLack(t, h.dir, "refreshed-secret-", "a refreshed token")
}

// refreshingToken sends a new token with every request, as a client whose
// tokens expire quickly does.
type refreshingToken struct{ n atomic.Int64 }

func (r *refreshingToken) current() string { return fmt.Sprintf("refreshed-secret-%d", r.n.Load()) }

func (r *refreshingToken) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+fmt.Sprintf("refreshed-secret-%d", r.n.Add(1)))
	return http.DefaultTransport.RoundTrip(req)
}
