package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A task's status notifications (server-everything's
// simulate-research-query) name the task by a 32-digit id, which filled
// the METHOD column at 80 columns: every row read "task
// 87c6863ebba4a86e2d0b… received" and the status, what changes from row
// to row, was cut. The id is shortened in the row, the status kept.
func TestLiveTaskStatusRowKeepsTheStatus(t *testing.T) {
	const id = "87c6863ebba4a86e2d0b5f1c9e3a7d42"
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: "research", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		x.SSE()
		for _, status := range []string{"working", "completed"} {
			if err := x.Notify("notifications/tasks/status", map[string]string{"taskId": id, "status": status}); err != nil {
				return
			}
		}
		x.Result(map[string]any{"content": []map[string]string{{"type": "text", "text": "done"}}})
	}})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.callOK("research")
	v := ansi.Strip(l.quit().View())
	for _, want := range []string{"task 87c6863e… working", "task 87c6863e… completed"} {
		if !strings.Contains(v, want) {
			t.Errorf("no row reads %q:\n%s", want, v)
		}
	}
}
