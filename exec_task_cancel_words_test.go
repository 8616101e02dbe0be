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
	rerunCancelsOnce(t, recording)
}

// A tool called as a task that outlives --timeout is cancelled by exec
// with tasks/cancel, and its recording re-runs the same with the same
// --timeout: the re-run's own wait runs out and cancels the live task
// itself, and sent the recorded tasks/cancel again, which the server
// refused (the task was cancelled already) and the re-run reported as a
// difference.
func TestRerunOfTaskTimedOutSendsNoSecondCancel(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	recording := filepath.Join(t.TempDir(), "session.jsonl")
	out, errOut, code := run(t, "exec", "--no-get-stream", "--timeout", "1s", "--record", recording, srv.Endpoint(), "tools/call research topic=forever")
	if code == exitOK || !strings.Contains(out, "mcpscope cancelled it with tasks/cancel") {
		t.Fatalf("exec of a task past --timeout: exit %d\n%s\n%s", code, out, errOut)
	}
	rerunCancelsOnce(t, recording, "--timeout", "1s")
}

// rerunCancelsOnce re-runs recording, a task cancelled, against a fresh
// server of tasks with flags, and checks that the re-run cancels the task
// no more than once, itself, and reports the recorded tasks/cancel as
// what it sent.
func rerunCancelsOnce(t *testing.T, recording string, flags ...string) {
	t.Helper()
	again := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code := run(t, append(append([]string{"replay", recording}, flags...), "--against", again.Endpoint())...)
	if code != exitOK || !strings.Contains(out, "0 different") || !strings.Contains(out, "tasks/cancel (sent by the re-run as it gave up on tasks/result, as recorded)") {
		t.Errorf("re-run of the cancelled task: exit %d\n%s\n%s", code, out, errOut)
	}
	cancels := 0
	for _, r := range again.Requests() {
		if r.RPCMethod == "tasks/cancel" {
			cancels++
		}
	}
	if cancels > 1 {
		t.Errorf("the re-run sent tasks/cancel %d times, want once (its own, as it gave up)", cancels)
	}
}
