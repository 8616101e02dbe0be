package mcp

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 server whose tools/list still marks a tool with 2025-11-25's
// execution.taskSupport "required" (an SDK serving both eras) is called
// plainly: 2026 has no params.task (its tasks are the server's to start)
// and no tasks/result. The call carried "task":{}, a member the server's
// revision does not define, and a task it started was followed with
// tasks/result, which it refuses as an unknown method.
func TestModernCallSendsNoTaskParam(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			x.Result(json.RawMessage(`{"tools":[{"name":"research","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}}]}`))
		case "tools/call":
			mu.Lock()
			calls = append(calls, string(x.Params))
			mu.Unlock()
			x.Result(json.RawMessage(`{"content":[{"type":"text","text":"the report"}]}`))
		default:
			x.Default()
		}
	}}, Config{})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, true); err != nil {
		t.Fatal(err)
	}
	resp, err := s.CallTool(ctx, "research", nil)
	if err != nil || resp.Error != nil || !strings.Contains(string(resp.Result), "the report") {
		t.Fatalf("tools/call research = %+v, %v; want the tool's report", resp, err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, c := range calls {
		var p map[string]json.RawMessage
		_ = json.Unmarshal([]byte(c), &p)
		if _, ok := p["task"]; ok {
			t.Errorf("the 2026 tools/call carried a task member: %s", c)
		}
	}
}
