package mcp

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool named on two pages of one listing is known once, as the later
// page says: the session knew it twice, the first page's first, so a call
// typed its arguments by the stale schema (and a 2026 call took its
// Mcp-Param headers from it), and Tools() listed the name twice.
func TestAToolNamedOnTwoPagesIsKnownOnceAsTheLaterSays(t *testing.T) {
	tools := []mcptest.Tool{
		{Name: "a", Description: "page one", InputSchema: json.RawMessage(`{"type":"object"}`)},
		{Name: "b", InputSchema: json.RawMessage(`{"type":"object"}`)},
		{Name: "a", Description: "page two", InputSchema: json.RawMessage(`{"type":"object"}`)},
		{Name: "c", InputSchema: json.RawMessage(`{"type":"object"}`)},
	}
	_, s, _ := dial(t, mcptest.Options{Tools: tools, ToolPages: 2}, Config{})
	ctx := testCtx(t)
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ListTools(ctx, true); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range s.Tools() {
		names = append(names, tl.Name)
	}
	if len(names) != 3 {
		t.Errorf("the session knows the tools %v, want a, b and c once each", names)
	}
	if got := FindTool(s.Tools(), "a"); got == nil || got.Description != "page two" {
		t.Errorf("the tool named on both pages is known as %+v, want the later page's", got)
	}
}
