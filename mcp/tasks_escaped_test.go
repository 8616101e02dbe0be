package mcp

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A CreateTaskResult whose taskId key is spelt with a JSON escape
// ("task\u0049d" is taskId to every client) is a task all the same: with
// an empty id the call fails saying it cannot be followed, as for the key
// spelt plainly. Before, the quick look for the key's bytes missed it and
// the task was taken for the tool's own result, printed as nothing.
func TestTaskWithAnEscapedIDKeyIsATask(t *testing.T) {
	var asked atomic.Int32
	resp, err := callTaskTool(t, 2*time.Second, "go",
		answeringToolsCall(`{"task":{"task\u0049d":"","status":"working","createdAt":"2026-11-25T00:00:00Z"}}`, &asked))
	if err == nil || !strings.Contains(err.Error(), "the server created a task with no id") {
		t.Fatalf("CallTool answered by a task whose taskId key is escaped = %+v, %v; want an error saying it cannot be followed", resp, err)
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("%d tasks/result or tasks/get sent for a task whose id is empty, want none", n)
	}
}
