package history

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A legacy session reconnected after its last message (the TUI's r) and
// then closed was exported as its last connection alone: Negotiation
// named only the new session, which no message went on, nothing said it
// reconnected, and its problem advised "send initialize first" (in a
// replay "press i first") of a session over. The earlier session is
// named, the reconnect is said, and the problem advises nothing.
func TestExportNamesTheSessionsBeforeALastReconnect(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	l := greetedOverSSE(t, srv, func(ctx context.Context, s *mcp.Session) {
		if err := s.Reconnect(ctx); err != nil {
			t.Fatal(err)
		}
	})
	var ids []string
	for i := 0; i < l.Len(); i++ {
		if r := l.At(i); r.Kind == mcp.KindEndpoint && r.Endpoint.SessionID != "" {
			ids = append(ids, r.Endpoint.SessionID)
		}
	}
	if len(ids) != 2 || ids[0] == ids[1] {
		t.Fatalf("the endpoints named sessions %q, want two", ids)
	}
	var md bytes.Buffer
	if err := ExportMarkdown(&md, Header{MCPScope: "test", URL: srv.SSEURL(), Transport: "sse", Started: scriptStart}, l); err != nil {
		t.Fatal(err)
	}
	text := md.String()
	negotiation, messages, _ := strings.Cut(text, "## Messages")
	if !strings.Contains(negotiation, "| Earlier sessions | `"+ids[0]+"`") || !strings.Contains(negotiation, "| Session id | `"+ids[1]+"`") {
		t.Errorf("Negotiation does not name both sessions %q:\n%s", ids, negotiation)
	}
	if !strings.Contains(messages, "**Reconnected**") || !strings.Contains(messages, "no message went on the new connection") {
		t.Errorf("the export does not say it reconnected after the last message:\n%s", messages)
	}
	if strings.Contains(negotiation, "send initialize") || !strings.Contains(negotiation, "never initialized before the session closed") {
		t.Errorf("the problem of the session left uninitialized is not said as over:\n%s", negotiation)
	}
	for _, p := range l.Negotiation().Problems {
		if a := p.Advice(advice.TUI); strings.Contains(p.Message, "never initialized") && a != "" {
			t.Errorf("the replay's problem %q advises %q of a session over", p.Message, a)
		}
	}
}
