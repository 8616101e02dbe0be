package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// endedCtx is a context that reads as ended (Err) from the moment end is
// called, with its Done channel its parent's: the moment between a task's
// answer coming back and the wait seeing the user give up (ctrl+c or x
// pressed as the result arrives), held open for as long as a test needs.
type endedCtx struct {
	context.Context
	ended atomic.Bool
}

func (c *endedCtx) end() { c.ended.Store(true) }

func (c *endedCtx) Err() error {
	if c.ended.Load() {
		return context.Canceled
	}
	return c.Context.Err()
}

// A task whose tasks/result answered is the tool's result, even when the
// user gave up on the call just as it came: it was returned as an error
// wrapping no error ("<nil>; tasks/cancel for task …"), which exec printed
// as "error: <nil>; …" in place of the result, and which reads as no
// cancellation (errors.Is context.Canceled is false). The task had ended:
// no tasks/cancel is sent for it.
func TestTaskAnsweredAsGivenUpIsTheResult(t *testing.T) {
	ctx := &endedCtx{Context: testCtx(t)}
	tasks := mcptest.Tasks(nil)
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tasks/result" {
			ctx.end()
		}
		tasks(x)
	}}, Config{NoGetStream: true})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatal(err)
	}
	resp, err := s.CallTool(ctx, "research", json.RawMessage(`{"topic":"cats"}`))
	if err != nil || resp == nil || !strings.Contains(string(resp.Result), "report on cats") {
		t.Fatalf("CallTool = %+v, %v; want the task's result and no error", resp, err)
	}
	for _, r := range srv.Requests() {
		if r.RPCMethod == "tasks/cancel" {
			t.Errorf("tasks/cancel sent for a task whose result came: %s", r.Body)
		}
	}
}
