package mcp

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that creates a task with an empty id ("taskId": ""): there is
// nothing to ask tasks/result by, and the call fails saying the server
// created a task that cannot be followed. Before, the CreateTaskResult was
// taken for the tool's own result and printed as nothing at all.
func TestTaskWithNoIDIsAServerError(t *testing.T) {
	var asked atomic.Int32
	tasks := mcptest.Tasks(nil)
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/call":
			x.Result(json.RawMessage(`{"task":{"taskId":"","status":"working","createdAt":"2026-11-25T00:00:00Z"}}`))
			return
		case "tasks/result", "tasks/get":
			asked.Add(1)
		}
		tasks(x)
	}}, Config{NoGetStream: true, RequestTimeout: 2 * time.Second})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, false); err != nil {
		t.Fatal(err)
	}
	resp, err := s.CallTool(ctx, mcptest.TaskTool().Name, json.RawMessage(`{"topic":"go"}`))
	if err == nil || !strings.Contains(err.Error(), "the server created a task with no id; it cannot be followed") {
		t.Fatalf("CallTool answered by a task with an empty id = %+v, %v; want an error saying it cannot be followed", resp, err)
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("%d tasks/result or tasks/get sent for a task with no id, want none", n)
	}
}
