package mcp

import (
	"sync/atomic"
	"testing"
	"time"
)

// A result whose task members are spelt in another case ("TaskId",
// "Task") creates no task: JSON keys are case-sensitive, and the quick
// look for the bytes "taskId" already said so for most results. The
// reading folded case, so the same answer was a tool's result or a task
// depending on whether a \u escape stood anywhere in it: with one, a
// "TaskId" read as a task with no id (the call failed) and a "Task" was
// followed with tasks/result.
func TestTaskKeysInAnotherCaseAreNoTask(t *testing.T) {
	for _, result := range []string{
		`{"task":{"TaskId":"t1","status":"working"},"content":[{"type":"text","text":"caf\u00e9"}]}`,
		`{"Task":{"taskId":"t1","status":"working"},"content":[{"type":"text","text":"caf\u00e9"}]}`,
	} {
		var asked atomic.Int32
		resp, err := callTaskTool(t, 2*time.Second, "go", answeringToolsCall(result, &asked))
		if err != nil || resp == nil || string(resp.Result) != result {
			t.Errorf("CallTool answered %s = %+v, %v; want that answer as the tool's result", result, resp, err)
		}
		if n := asked.Load(); n != 0 {
			t.Errorf("answered %s: %d tasks/result or tasks/get sent, want none", result, n)
		}
	}
}
