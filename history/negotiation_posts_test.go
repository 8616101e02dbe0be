package history

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The Negotiation pane's POSTs line counts POSTs: the GET stream, the GET
// that resumed a dropped stream and the DELETE that ended the session are
// not POSTs (a GET stream reopened every second would fill the line).
func TestNegotiationPostsAreOnlyPosts(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Delete: mcptest.Delete405,
		Store: mcptest.StoreStream, Handle: mcptest.CutMidResponse("tools/call", 10*time.Millisecond)})
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
			t.Fatal(err)
		}
	})
	methods := map[string]int{}
	for _, r := range srv.Requests() {
		methods[r.Method]++
	}
	if methods[http.MethodGet] < 2 || methods[http.MethodDelete] != 1 {
		t.Fatalf("the server saw %v, want the GET stream, a resuming GET and a DELETE", methods)
	}
	posts := l.Negotiation().Posts
	for _, p := range posts {
		if p.Method != http.MethodPost {
			t.Errorf("the POSTs line counts a %s (%s, %d)", p.Method, p.Purpose, p.Status)
		}
	}
	if len(posts) != methods[http.MethodPost] {
		t.Errorf("the POSTs line counts %d, the server saw %d POSTs", len(posts), methods[http.MethodPost])
	}
}
