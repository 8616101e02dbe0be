package mcp

import (
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// callTaskTool calls the task tool of a task-augmenting fake server
// (mcptest.Tasks) with topic, after listing the tools so the session knows
// the tool runs as a task, and returns the call's answer. handle sees
// every exchange first and answers it itself when it returns true; timeout
// is the session's RequestTimeout (zero, the default).
func callTaskTool(t *testing.T, timeout time.Duration, topic string, handle func(x *mcptest.Exchange) bool) (*Response, error) {
	t.Helper()
	tasks := mcptest.Tasks(nil)
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if !handle(x) {
			tasks(x)
		}
	}}, Config{NoGetStream: true, RequestTimeout: timeout})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, false); err != nil {
		t.Fatal(err)
	}
	args, _ := json.Marshal(map[string]string{"topic": topic})
	return s.CallTool(ctx, mcptest.TaskTool().Name, args)
}

// answeringToolsCall is a handle for callTaskTool that answers tools/call
// with result and counts in asked the tasks/result and tasks/get that
// follow it.
func answeringToolsCall(result string, asked *atomic.Int32) func(x *mcptest.Exchange) bool {
	return func(x *mcptest.Exchange) bool {
		switch x.Method {
		case "tools/call":
			x.Result(json.RawMessage(result))
			return true
		case "tasks/result", "tasks/get":
			asked.Add(1)
		}
		return false
	}
}
