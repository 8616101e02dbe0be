package mcp

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A task that never ends outlives --timeout: the wait for tasks/result
// ends, the task is cancelled with tasks/cancel (else it would run on at
// the server with nobody waiting), and the error says the task ran out of
// time, not that the server is stuck on a POST. Before, no tasks/cancel
// went out and the advice blamed a stuck server.
func TestTaskPastTimeoutIsCancelled(t *testing.T) {
	var mu sync.Mutex
	var cancelled []string
	_, err := callTaskTool(t, 300*time.Millisecond, "forever", func(x *mcptest.Exchange) bool {
		if x.Method == "tasks/cancel" {
			mu.Lock()
			cancelled = append(cancelled, string(x.Params))
			mu.Unlock()
		}
		return false
	})
	if got := CauseOf(err); got != CauseTaskTimeout {
		t.Fatalf("CallTool of a task that never ends: cause %q (%v), want %q", got, err, CauseTaskTimeout)
	}
	if msg := err.Error(); !strings.Contains(msg, "did not end within 300ms") || !strings.Contains(msg, "tasks/cancel") {
		t.Errorf("error %q, want it to say the task outlived the timeout and was cancelled", msg)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(cancelled) != 1 || !strings.Contains(cancelled[0], `"taskId":"task-1-`) {
		t.Errorf("tasks/cancel params %q, want one naming the task", cancelled)
	}
}

// A server whose tasks/result answers with another task (its status, say)
// instead of the tool's result: the call fails saying so. Before, exec
// printed the task as the tool's result, which shows as nothing at all.
func TestTaskResultThatIsATask(t *testing.T) {
	_, err := callTaskTool(t, 0, "go", func(x *mcptest.Exchange) bool {
		if x.Method == "tasks/result" {
			x.Result(json.RawMessage(`{"task":{"taskId":"other\u001b[2J","status":"working"}}`))
			return true
		}
		return false
	})
	if err == nil || !strings.Contains(err.Error(), `answered a task ("other\x1b[2J") instead of the tool's result`) {
		t.Fatalf("CallTool = %v; want an error saying tasks/result answered a task", err)
	}
}
