package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer holding structuredContent in a session that negotiated a
// version before 2025-06-18, which brought it: the Negotiation pane warns
// once, with advice; a 2025-06-18 session is no problem.
func TestNegotiationWarnsOfStructuredContentBeforeItsVersion(t *testing.T) {
	for _, tt := range []struct {
		version string
		warns   int
	}{{"2025-03-26", 1}, {"2025-06-18", 0}} {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.StructuredCalls})
		l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true, Protocol: tt.version}, func(ctx context.Context, s *mcp.Session) {
			for range 2 {
				if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
					t.Fatalf("tools/call: %v", err)
				}
			}
		})
		var warned []Problem
		for _, p := range l.Negotiation().Problems {
			if strings.Contains(p.Message, "structuredContent") {
				warned = append(warned, p)
			}
		}
		want := "the server answered tools/call with structuredContent, which 2025-06-18 brought, in a session that negotiated " + tt.version
		if len(warned) != tt.warns || tt.warns > 0 && (warned[0].Message != want || warned[0].Advice(advice.TUI) == "") {
			t.Errorf("%s: problems %+v, want %d saying %q, with advice", tt.version, warned, tt.warns, want)
		}
	}
}
