package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool whose execution.taskSupport is "required" (the reference server's
// simulate-research-query) refuses a plain tools/call. It is called as a
// task, and the call's answer is the task's result from tasks/result; a
// tool without it is called plainly.
func TestCallToolRequiringATask(t *testing.T) {
	var mu sync.Mutex
	var calls, results []string
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			x.Result(json.RawMessage(`{"tools":[
				{"name":"research","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}},
				{"name":"plain","inputSchema":{"type":"object"},"execution":{"taskSupport":"forbidden"}}]}`))
		case "tools/call":
			mu.Lock()
			calls = append(calls, string(x.Params))
			mu.Unlock()
			var p struct {
				Name string          `json:"name"`
				Task json.RawMessage `json:"task"`
			}
			_ = json.Unmarshal(x.Params, &p)
			switch {
			case p.Name == "plain":
				x.Result(json.RawMessage(`{"content":[{"type":"text","text":"plain answer"}]}`))
			case p.Task == nil:
				x.Error(-32601, "Tool research requires task augmentation (taskSupport: 'required')")
			default:
				_ = x.Notify("notifications/tasks/status", map[string]any{"taskId": "t-1", "status": "working"})
				x.Result(json.RawMessage(`{"task":{"taskId":"t-1","status":"working","createdAt":"2026-11-25T00:00:00Z","ttl":60000}}`))
			}
		case "tasks/result":
			mu.Lock()
			results = append(results, string(x.Params))
			mu.Unlock()
			x.Result(json.RawMessage(`{"content":[{"type":"text","text":"research report"}],"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t-1"}}}`))
		default:
			x.Default()
		}
	}}, Config{NoGetStream: true})
	ctx := testCtx(t)
	tools, _, err := s.ListTools(ctx, false)
	if err != nil || len(tools) != 2 || tools[0].TaskSupport != TaskRequired || tools[1].TaskSupport != "forbidden" {
		t.Fatalf("tools/list = %+v, %v; want research requiring a task, plain forbidding one", tools, err)
	}
	resp, err := s.CallTool(ctx, "research", json.RawMessage(`{"q":"go"}`))
	if err != nil || resp.Error != nil || !strings.Contains(string(resp.Result), "research report") {
		t.Fatalf("research = %+v, %v; want the task's result", resp, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != 1 || !strings.Contains(calls[0], `"task":{}`) || !strings.Contains(calls[0], `"arguments":{"q":"go"}`) {
		t.Errorf("tools/call params %q, want one call with the arguments and task:{}", calls)
	}
	if len(results) != 1 || !strings.Contains(results[0], `"taskId":"t-1"`) {
		t.Errorf("tasks/result params %q, want one naming t-1", results)
	}
	mu.Unlock()
	resp, err = s.CallTool(ctx, "plain", nil)
	mu.Lock()
	if err != nil || !strings.Contains(string(resp.Result), "plain answer") {
		t.Fatalf("plain = %+v, %v", resp, err)
	}
	if len(calls) != 2 || strings.Contains(calls[1], `"task"`) {
		t.Errorf("plain's params %q, want no task", calls[1:])
	}
}

// Giving up on a call that runs as a task (x in the TUI, ctrl+c in exec)
// cancels the task with tasks/cancel, not only the wait for its result.
func TestCallToolTaskGivenUpIsCancelled(t *testing.T) {
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)}, Config{NoGetStream: true})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(testCtx(t))
	done := make(chan error, 1)
	go func() {
		_, err := s.CallTool(ctx, "research", json.RawMessage(`{"topic":"forever"}`))
		done <- err
	}()
	waiting, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool { return r.RPCMethod == "tasks/result" })
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-done; err == nil {
		t.Fatal("the call given up on returned no error")
	}
	var asked struct {
		Params struct {
			TaskID string `json:"taskId"`
		} `json:"params"`
	}
	_ = json.Unmarshal(waiting.Body, &asked)
	if _, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool {
		return r.RPCMethod == "tasks/cancel" && strings.Contains(string(r.Body), `"taskId":"`+asked.Params.TaskID+`"`)
	}); err != nil {
		t.Errorf("no tasks/cancel for %s: %v", asked.Params.TaskID, err)
	}
}
