package mcp

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A CreateTaskResult whose taskId key is spelt with a JSON escape
// ("task\u0049d" is taskId to every client) is a task all the same: with
// an empty id the call fails saying it cannot be followed, as for the key
// spelt plainly. Before, the quick look for the key's bytes missed it and
// the task was taken for the tool's own result, printed as nothing.
func TestTaskWithAnEscapedIDKeyIsATask(t *testing.T) {
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/call" {
			x.Result(json.RawMessage(`{"task":{"task\u0049d":"","status":"working","createdAt":"2026-11-25T00:00:00Z"}}`))
			return
		}
		mcptest.Tasks(nil)(x)
	}}, Config{NoGetStream: true, RequestTimeout: 2 * time.Second})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, false); err != nil {
		t.Fatal(err)
	}
	resp, err := s.CallTool(ctx, mcptest.TaskTool().Name, json.RawMessage(`{"topic":"go"}`))
	if err == nil || !strings.Contains(err.Error(), "the server created a task with no id") {
		t.Fatalf("CallTool answered by a task whose taskId key is escaped = %+v, %v; want an error saying it cannot be followed", resp, err)
	}
}
