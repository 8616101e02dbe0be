package mcp

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A server that creates a task with an empty id ("taskId": ""): there is
// nothing to ask tasks/result by, and the call fails saying the server
// created a task that cannot be followed. Before, the CreateTaskResult was
// taken for the tool's own result and printed as nothing at all.
func TestTaskWithNoIDIsAServerError(t *testing.T) {
	var asked atomic.Int32
	resp, err := callTaskTool(t, 2*time.Second, "go",
		answeringToolsCall(`{"task":{"taskId":"","status":"working","createdAt":"2026-11-25T00:00:00Z"}}`, &asked))
	if err == nil || !strings.Contains(err.Error(), "the server created a task with no id; it cannot be followed") {
		t.Fatalf("CallTool answered by a task with an empty id = %+v, %v; want an error saying it cannot be followed", resp, err)
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("%d tasks/result or tasks/get sent for a task with no id, want none", n)
	}
}
