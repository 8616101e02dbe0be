package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Candidates that all fit on the line are drawn whole: at 80 columns
// server-everything's two tools trigger-elicitation-request-async and
// trigger-sampling-request-async were offered cut to a third of the line,
// "trigger-elicitation-requ…  trigger-sampling-request-…", with a third
// of it empty.
func TestLiveCandidatesThatFitAreWhole(t *testing.T) {
	names := []string{"trigger-elicitation-request-async", "trigger-sampling-request-async"}
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		var tools []map[string]any
		for _, n := range names {
			tools = append(tools, map[string]any{"name": n, "inputSchema": map[string]any{"type": "object"}})
		}
		x.Result(map[string]any{"tools": tools})
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	view := l.tabView(":tools/call trig", "trigger-sampling-request-async  ")
	for _, n := range names {
		if !strings.Contains(view, n+"  ") {
			t.Errorf("the candidates do not show %s whole at 80 columns:\n%s", n, view)
		}
	}
}

// A form's field names offered on the answer line are drawn whole when
// they fit on the row: at 80 columns two of 32 and 34 cells were cut, each
// to a third of the row, and the row was measured as the input's width
// after its "answer › " prompt rather than its own.
func TestLiveFormCandidatesThatFitAreWhole(t *testing.T) {
	fields := []string{"favouriteTitledSingleSelectEnum", "favouriteTitledMultipleSelectEnum"}
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		props := map[string]any{}
		for _, f := range fields {
			props[f] = map[string]any{"type": "string"}
		}
		_, _ = x.ServerRequest(x.Context(), "elicitation/create", map[string]any{
			"message": "Pick", "requestedSchema": map[string]any{"type": "object", "properties": props}})
		x.Result(map[string]any{"content": []any{}})
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.command("tools/call pick")
	l.waitFor("asks: elicitation/create")
	view := l.tabView("accept fav", "favouriteTitled")
	for _, f := range fields {
		if !strings.Contains(view, f+"=  ") {
			t.Errorf("the answer line's candidates do not show %s= whole at 80 columns:\n%s", f, view)
		}
	}
}
