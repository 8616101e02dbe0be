package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An endpoint event whose query holds a space ("&client=My App") is POSTed
// to as a browser client posts to it, the space percent-encoded: written
// as it came, the space split the request line, and the server answered
// 400 to every message though the TypeScript SDK's client talks to it fine.
func TestEndpointQueryWithASpaceIsPostedEncoded(t *testing.T) {
	endpoint := func(_, id string) string { return "/message?sessionid=" + id + `&client=My App "x"` }
	srv, s, _ := dial(t, mcptest.Options{Endpoint: endpoint}, Config{})
	defer s.Close()
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("initialize over an endpoint whose query holds a space: %v", err)
	}
	posts := srv.Posts()
	want := "sessionid=" + s.Endpoint().SessionID + "&client=My%20App%20%22x%22"
	if len(posts) == 0 || posts[0].Query != want {
		t.Errorf("the server's POSTs %+v, want the first to carry the query %q", posts, want)
	}
}
