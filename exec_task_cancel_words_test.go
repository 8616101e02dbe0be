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
// whether the task's work went on. Its recording re-runs the same: the
// re-run gives up on tasks/result as recorded and cancels the task itself,
// and sent the recorded tasks/cancel again, which the server refused (the
// task was cancelled already) and the re-run reported as a difference.
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
	again := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code := run(t, "replay", recording, "--against", again.Endpoint())
	if code != exitOK || !strings.Contains(out, "0 different") || !strings.Contains(out, "tasks/cancel (sent by the re-run as it gave up on tasks/result, as recorded)") {
		t.Errorf("re-run of the cancelled task: exit %d\n%s\n%s", code, out, errOut)
	}
}
