package ui

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// At 160 columns the status line names a 33-cell tool whole: it was cut to
// 28 cells ("trigger-long-runni…operation") whatever the width. At 80
// columns a name of 40 cells or fewer is whole too (server-everything's
// trigger-long-running-operation is 30); a longer one is cut in its
// middle, leaving room for what happened to the call.
func TestStatusLabelUsesTheWidth(t *testing.T) {
	const name = "trigger-long-running-operation-v2"
	if got := shortName(name, 80); got != name {
		t.Errorf("shortName(%q, 80) = %q, want it whole", name, got)
	}
	long := "gateway_prefix__" + name + "_for_everyone"
	if got := shortName(long, 80); got == long || len([]rune(got)) > 40 || got[:10] != long[:10] || got[len(got)-10:] != long[len(long)-10:] {
		t.Errorf("shortName(%q, 80) = %q, want it cut to 40 cells, keeping its start and end", long, got)
	}
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "tools/call" {
			x.Result(map[string]any{"content": []map[string]string{{"type": "text", "text": "done"}}})
			return
		}
		x.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call(name)
	l.waitFor("tools/call " + name + ": ok")
	l.quit()
}
