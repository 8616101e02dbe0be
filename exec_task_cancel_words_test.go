package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// ctrl+c on a tool called as a task (server-everything's
// simulate-research-query): exec cancels the task with tasks/cancel, and
// says so with what the server answered, where it said only that
// notifications/cancelled told the server and left the user to wonder
// whether the task's work went on.
func TestExecInterruptedTaskSaysTasksCancel(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	recording := filepath.Join(t.TempDir(), "session.jsonl")
	cmd, ended, stderr, ctx := execUntil(t, srv, "tasks/result", "exec", "--no-get-stream", "--record", recording, srv.Endpoint(), "tools/call research topic=forever")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	interruptedCleanly(t, ctx, cmd, ended, stderr, recording)
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "tasks/cancel" }); err != nil {
		t.Fatalf("no tasks/cancel reached the server: %v", err)
	}
	out := cmd.Stdout.(*bytes.Buffer).String()
	if !strings.Contains(out, "cancelled: the request was given up on and notifications/cancelled told the server; tasks/cancel for its task ") ||
		!strings.Contains(out, ": status cancelled\n") {
		t.Errorf("exec said:\n%s\nwant the cancellation line to say what tasks/cancel got (status cancelled)", out)
	}
}
