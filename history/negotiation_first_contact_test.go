package history

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The Negotiation pane of a session whose first POST reached nothing
// names the address and does not claim the server answered before.
func TestNegotiationFirstContactFailure(t *testing.T) {
	addr := mcptest.ClosedAddr(t)
	for _, transport := range []string{mcp.TransportStreamable, mcp.TransportStateless} {
		s := mcp.NewSession(mcp.Config{URL: "http://" + addr + "/mcp", Transport: transport, NoGetStream: true})
		l := NewLog()
		done := make(chan struct{})
		go func() {
			defer close(done)
			for b := range s.Records() {
				l.Append(b...)
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		if err := s.Connect(ctx); err == nil {
			t.Fatalf("%s: Connect to nothing succeeded", transport)
		}
		cancel()
		s.Close()
		waitClosed(t, done, "end of the record stream after Close")
		var said []string
		for _, p := range l.Negotiation().Problems {
			said = append(said, p.Message+" | "+p.Advice(advice.TUI))
		}
		all := strings.Join(said, "\n")
		if !strings.Contains(all, "nothing answered at "+addr+": is the server started") || strings.Contains(all, "answered before") {
			t.Errorf("%s: problems\n%s\nwant advice naming %s, not that it answered before", transport, all, addr)
		}
	}
}
