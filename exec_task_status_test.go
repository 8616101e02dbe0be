package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A task's status notifications print as what they say (which task, its
// status and message, sanitized), not as the bare method name repeated
// once per notification, which said nothing a person could use.
func TestExecPrintsTaskStatus(t *testing.T) {
	stateDir(t)
	tasks := mcptest.Tasks(nil)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/call" {
			_ = x.Notify("notifications/tasks/status", map[string]any{"taskId": "t\x1b[2J-9", "status": "working", "statusMessage": "step 2 of 3\x1b]0;pwned\x07"})
		}
		tasks(x)
	}})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list", "tools/call research topic=go")
	if code != exitOK || !strings.Contains(out, "report on go") {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "· task t") || !strings.Contains(out, " working: step 2 of 3") {
		t.Errorf("the task's status is not printed as what it says:\n%s", out)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("the server's escapes reached the output: %q", out)
	}
}

// A task's status notifications come after its tools/call was sent (the
// reference server sends the first before it answers CreateTaskResult, the
// rest while tasks/result waits): they are the call's, and said to have
// come before it was sent they read as the session's news, not the task's.
func TestExecTaskStatusIsTheCallsNotBefore(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list", "tools/call research topic=go")
	if code != exitOK || !strings.Contains(out, "report on go") {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "· task ") {
		t.Fatalf("the task's status is not printed:\n%s", out)
	}
	if strings.Contains(out, "came before") {
		t.Errorf("the task's status, sent after the tools/call, is said to have come before it:\n%s", out)
	}
}
