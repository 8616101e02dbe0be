package mcptest

import (
	"strings"
	"testing"
)

// A task whose tasks/result has answered is refused tasks/cancel, as
// 2025-11-25 says, and tasks/get and tasks/list still say it completed:
// the cancel was answered "cancelled" and the completed task listed as
// cancelled from then on.
func TestTasksRefusesCancellingACompletedTask(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{Handle: Tasks(nil), Answer: AnswerJSON})
	sid := open(t, srv)
	ask := func(body string) string {
		t.Helper()
		return readBody(t, call(t, srv, sid, body))
	}
	made := ask(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"research","arguments":{"topic":"go"},"task":{}}}`)
	const id = `"taskId":"task-1-`
	if !strings.Contains(made, id) {
		t.Fatalf("tools/call of the task tool answered %s, want task-1", made)
	}
	taskID := made[strings.Index(made, id)+len(`"taskId":"`):]
	taskID = taskID[:strings.Index(taskID, `"`)]
	if got := ask(`{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"` + taskID + `"}}`); !strings.Contains(got, "report on go") {
		t.Fatalf("tasks/result = %s, want the report", got)
	}
	got := ask(`{"jsonrpc":"2.0","id":4,"method":"tasks/cancel","params":{"taskId":"` + taskID + `"}}`)
	if !strings.Contains(got, `"code":-32602`) || !strings.Contains(got, "already in terminal status 'completed'") {
		t.Errorf("tasks/cancel of a completed task = %s, want -32602 already in terminal status 'completed'", got)
	}
	for _, method := range []string{"tasks/get", "tasks/list"} {
		got := ask(`{"jsonrpc":"2.0","id":5,"method":"` + method + `","params":{"taskId":"` + taskID + `"}}`)
		if !strings.Contains(got, `"status":"completed"`) || strings.Contains(got, "cancelled") {
			t.Errorf("%s after the refused cancel = %s, want the task completed", method, got)
		}
	}
}
