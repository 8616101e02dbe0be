package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// heldAnswerer is the user with a question on screen: it tells asked and
// gives no answer until the session ends its wait.
type heldAnswerer struct{ asked chan<- struct{} }

func (a heldAnswerer) Answer(ctx context.Context, _ mcp.InputRequest) (json.RawMessage, error) {
	a.asked <- struct{}{}
	<-ctx.Done()
	return nil, ctx.Err()
}

// The server asked the user something (elicitation/create) during a
// tools/call, and the session closed with the question unanswered (the
// TUI quit with the prompt open): the server's request read pending for
// ever, "waiting" in a replay and the export of the recording.
func TestServerRequestUnansweredClosedWithTheSession(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_, _ = x.ServerRequest(x.Context(), "elicitation/create", map[string]any{
			"message": "Name?", "requestedSchema": map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}},
		})
	})
	asked := make(chan struct{}, 1)
	hdr := Header{URL: srv.URL, Transport: mcp.TransportStreamable}
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable, NoGetStream: true, Answerer: heldAnswerer{asked}}, func(ctx context.Context, s *mcp.Session) {
		callThen(ctx, t, s, asked, ctx, func() {})
	})
	ask := rowOf(t, l, "elicitation/create")
	if ask.State != StateClosed {
		t.Fatalf("the elicitation/create row is %s, want closed with the session", ask.State)
	}
	if out := closedExport(t, hdr, l); !strings.Contains(out, "`elicitation/create`: closed") || !strings.Contains(out, ask.ClosedWords()) {
		t.Errorf("the export does not say the question ended with the session:\n%s", out)
	}
}
