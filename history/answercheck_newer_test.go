package history

import (
	"context"
	"slices"
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

// newerEverything answers as server-everything does whatever version the
// session negotiated: tools listed with what 2025-03-26, 2025-06-18 and
// 2025-11-25 brought, a tool call that asks for elicitation first and
// answers with audio and resource_link blocks.
func newerEverything(x *mcptest.Exchange) {
	switch x.Method {
	case "tools/list":
		x.Result(map[string]any{"tools": []map[string]any{{
			"name": "echo", "title": "Echo", "inputSchema": map[string]any{"type": "object", "properties": map[string]any{"title": map[string]any{"type": "string"}}},
			"outputSchema": map[string]any{"type": "object"}, "annotations": map[string]any{"readOnlyHint": true},
			"execution": map[string]any{"taskSupport": "optional"},
		}}})
	case "tools/call":
		_, _ = x.ServerRequest(x.Context(), "elicitation/create", map[string]any{"message": "name?", "requestedSchema": map[string]any{"type": "object"}})
		x.Result(map[string]any{"content": []map[string]any{
			{"type": "text", "text": "resource_link"},
			{"type": "audio", "data": "AAAA", "mimeType": "audio/wav"},
			{"type": "resource_link", "uri": "file:///a", "name": "a"},
		}})
	default:
		x.Default()
	}
}

// A server-everything answering a session of an earlier version than
// what it sends: each member is said once per session, in the first
// message holding it, grouped by the version that brought it, and a
// session of the newest version hears nothing.
func TestNegotiationWarnsOfEachNewerMemberOnce(t *testing.T) {
	for _, tt := range []struct {
		version string
		want    []string
	}{
		{"2024-11-05", []string{
			"the server answered tools/list with annotations on tools, which 2025-03-26 brought, and title on tools, outputSchema on tools, which 2025-06-18 brought, and execution on tools, which 2025-11-25 brought, in a session that negotiated 2024-11-05",
			"the server sent an elicitation/create request, which 2025-06-18 brought, in a session that negotiated 2024-11-05",
			"the server answered tools/call with audio content, which 2025-03-26 brought, and resource_link content, which 2025-06-18 brought, in a session that negotiated 2024-11-05",
		}},
		{"2025-03-26", []string{
			"the server answered tools/list with title on tools, outputSchema on tools, which 2025-06-18 brought, and execution on tools, which 2025-11-25 brought, in a session that negotiated 2025-03-26",
			"the server sent an elicitation/create request, which 2025-06-18 brought, in a session that negotiated 2025-03-26",
			"the server answered tools/call with resource_link content, which 2025-06-18 brought, in a session that negotiated 2025-03-26",
		}},
		{"2025-11-25", nil},
	} {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Versions: mcp.InitializeEra, Handle: newerEverything})
		l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true, Protocol: tt.version}, func(ctx context.Context, s *mcp.Session) {
			for range 2 {
				if _, _, err := s.ListTools(ctx, false); err != nil {
					t.Fatalf("tools/list: %v", err)
				}
				if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
					t.Fatalf("tools/call: %v", err)
				}
			}
		})
		var got []string
		for _, p := range l.Negotiation().Problems {
			if p.Fact != nil && p.Fact.Cause == mcp.CauseNewerAnswer {
				got = append(got, p.Message)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: warned\n%s\nwant\n%s", tt.version, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

// An answer sent in a 202's body that holds what a later version brought
// is warned of both ways: the 202 warning did not keep the era check from
// reading the answer, so its structuredContent went unsaid.
func TestNegotiationWarnsOfANewerMemberInA202sAnswer(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		x.Status(202, "application/json", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"content":[{"type":"text","text":"x"}],"structuredContent":{"x":1}}}`)
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true, Protocol: "2025-03-26"}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); err != nil {
			t.Fatalf("tools/call: %v", err)
		}
	})
	var causes []mcp.Cause
	for _, p := range l.Negotiation().Problems {
		causes = append(causes, p.Fact.Cause)
	}
	if !slices.Contains(causes, mcp.CauseAcceptedAnswer) || !slices.Contains(causes, mcp.CauseNewerAnswer) {
		t.Errorf("problems of causes %v, want both %s and %s", causes, mcp.CauseAcceptedAnswer, mcp.CauseNewerAnswer)
	}
}
