package history

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that refuses the notifications/initialized ending the
// handshake: the session's failure names the message and wraps the POST's
// own failure whole, and Negotiation said both, one above the other.
func TestNegotiationSaysAWrappedFailureOnce(t *testing.T) {
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		x.Status(http.StatusBadRequest, "text/plain", "Unsupported protocol version")
	})
	l := logWhile(t, mcp.Config{URL: srv.Endpoint(), NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if err := s.Connect(ctx); err == nil {
			t.Fatal("Connect succeeded, want the refused notification's failure")
		}
	})
	var said []string
	for _, p := range l.Negotiation().Problems {
		if strings.Contains(p.Message, "Unsupported protocol version") {
			said = append(said, p.Message)
		}
	}
	if len(said) != 1 || !strings.Contains(said[0], "notifications/initialized") {
		t.Errorf("Negotiation says the refusal %d times, want once, naming the message refused: %q", len(said), said)
	}
}
