package history

import (
	"context"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The probes detection sent and the server refused are not the session's
// POSTs: a legacy server at its base URL that redirects POST /mcp to /sse
// (the Docker MCP Gateway's --transport sse: 307, then 400 "sessionid must
// be provided") made a session that had sent nothing read "POSTs 400 ×2".
// Detect still lists both probes; the POSTs are the session's own.
func TestNegotiationPostsLeaveOutRefusedProbes(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{RedirectPosts: true})

	idle := logOf(t, mcp.Config{URL: srv.URL}, func(context.Context, *mcp.Session) {})
	n := idle.Negotiation()
	if n.Detect == nil || n.Detect.Transport != mcp.TransportSSE {
		t.Fatalf("detection = %+v, want legacy HTTP+SSE", n.Detect)
	}
	refused := 0
	for _, a := range n.Detect.Attempts {
		if a.Method == http.MethodPost && a.Status == http.StatusBadRequest {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("Detect lists %d refused POST probes, want both (server/discover, initialize): %+v", refused, n.Detect.Attempts)
	}
	for _, p := range n.Posts {
		t.Errorf("a session that sent nothing lists POST %s → %d among its POSTs", p.URL, p.Status)
	}

	used := logOf(t, mcp.Config{URL: srv.URL}, func(ctx context.Context, s *mcp.Session) {
		initialize(t, ctx, s)
	})
	un := used.Negotiation()
	if len(un.Posts) == 0 {
		t.Fatal("the session lists no POSTs after it initialized")
	}
	for _, p := range un.Posts {
		if p.URL != un.Endpoint.Preferred {
			t.Errorf("the session's POSTs list %s → %d, want only its own, to %s", p.URL, p.Status, un.Endpoint.Preferred)
		}
	}
}
