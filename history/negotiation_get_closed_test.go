package history

import (
	"context"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A streamable session mcpscope ended (DELETE, then closed) still read
// "GET open" in Negotiation, live after the end and in every replay of it:
// closing the session ends its GET stream with no record of the stream's
// own (seen replaying a session with @modelcontextprotocol/server-everything).
func TestNegotiationGETStreamEndsWithTheSession(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	opened := false
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, "tools/list", nil); err != nil {
			t.Fatal(err)
		}
	})
	for i := 0; i < l.Len(); i++ {
		if r := l.At(i); r.Kind == mcp.KindState && r.State.State == mcp.StateGetStream && r.State.Detail == "open" {
			opened = true
		}
	}
	if !opened {
		t.Fatal("the session opened no GET stream: this test tests nothing")
	}
	if got := l.Negotiation().GetStream; got == "open" || got == "" {
		t.Errorf("negotiation GET %q after the session closed, want it said to have ended with the session", got)
	}
}
