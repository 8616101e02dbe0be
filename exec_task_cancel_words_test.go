package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

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
	for try := 1; ; try++ {
		out, recording := interruptTask(t)
		// exec waits 500 ms for tasks/cancel's answer (mcp/tasks.go), a
		// bound a child process cannot be given longer: a loaded machine
		// can let it run out, and such a run tests nothing.
		if strings.Contains(out, ": no answer") && try < 3 {
			continue
		}
		if !strings.Contains(out, "cancelled: the request was given up on and notifications/cancelled told the server; tasks/cancel for its task ") ||
			!strings.Contains(out, ": status cancelled\n") {
			t.Errorf("exec said:\n%s\nwant the cancellation line to say what tasks/cancel got (status cancelled)", out)
		}
		rerunTasks(t, recording).cancelsOnce(t)
		return
	}
}

// interruptTask runs exec of a task that never ends, recorded, against a
// fresh server of tasks, interrupts it as it waits on tasks/result, and
// checks that it stopped cleanly and that tasks/cancel reached the server.
// It returns what exec said and the recording.
func interruptTask(t *testing.T) (out, recording string) {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	recording = filepath.Join(t.TempDir(), "session.jsonl")
	cmd, ended, stderr, ctx := execUntil(t, srv, "tasks/result", "exec", "--no-get-stream", "--record", recording, srv.Endpoint(), "tools/call research topic=forever")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	interruptedCleanly(t, ctx, cmd, ended, stderr, recording)
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "tasks/cancel" }); err != nil {
		t.Fatalf("no tasks/cancel reached the server: %v", err)
	}
	return cmd.Stdout.(*bytes.Buffer).String(), recording
}

// A tool called as a task that outlives --timeout is cancelled by exec
// with tasks/cancel, and its recording re-runs the same with the same
// --timeout: the re-run's own wait runs out and cancels the live task
// itself, and sent the recorded tasks/cancel again, which the server
// refused (the task was cancelled already) and the re-run reported as a
// difference.
func TestRerunOfTaskTimedOutSendsNoSecondCancel(t *testing.T) {
	// Every request but tasks/result must be answered within --timeout: a
	// loaded machine can let one run out (exec then never waits on the
	// task, a re-run says "no answer to initialize"), and such a run tests
	// nothing and is tried again with twice the wait.
	for wait := time.Second; ; wait *= 2 {
		timeout := []string{"--timeout", wait.String()}
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
		recording := filepath.Join(t.TempDir(), "session.jsonl")
		out, errOut, code := run(t, append(append([]string{"exec", "--no-get-stream"}, timeout...), "--record", recording, srv.Endpoint(), "tools/call research topic=forever")...)
		last := wait >= 8*time.Second
		if sent(srv, "tasks/result") == 0 && !last {
			continue
		}
		if code == exitOK || !strings.Contains(out, "mcpscope cancelled it with tasks/cancel") {
			t.Fatalf("exec of a task past --timeout: exit %d\n%s\n%s", code, out, errOut)
		}
		re := rerunTasks(t, recording, timeout...)
		if m := timedOut.FindStringSubmatch(re.out); m != nil && m[1] != "tasks/result" && !last {
			continue
		}
		re.cancelsOnce(t)
		return
	}
}

// timedOut finds a request whose wait ran out in a re-run's report, and
// names its method.
var timedOut = regexp.MustCompile(`no answer to (\S+) \(id \S+\) within `)

// rerun is a re-run of a recording against a fresh server of tasks.
type rerun struct {
	out, errOut string
	code        int
	srv         *mcptest.StreamableServer
}

// rerunTasks re-runs recording, a task cancelled, against a fresh server
// of tasks with flags.
func rerunTasks(t *testing.T, recording string, flags ...string) rerun {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code := run(t, append(append([]string{"replay", recording}, flags...), "--against", srv.Endpoint())...)
	return rerun{out: out, errOut: errOut, code: code, srv: srv}
}

// cancelsOnce checks that the re-run cancelled the task no more than
// once, itself, and reports the recorded tasks/cancel as what it sent.
func (re rerun) cancelsOnce(t *testing.T) {
	t.Helper()
	if re.code != exitOK || !strings.Contains(re.out, "0 different") || !strings.Contains(re.out, "tasks/cancel (sent by the re-run as it gave up on tasks/result, as recorded)") {
		t.Errorf("re-run of the cancelled task: exit %d\n%s\n%s", re.code, re.out, re.errOut)
	}
	if cancels := sent(re.srv, "tasks/cancel"); cancels > 1 {
		t.Errorf("the re-run sent tasks/cancel %d times, want once (its own, as it gave up)", cancels)
	}
}

// sent counts the requests of method srv was sent.
func sent(srv *mcptest.StreamableServer, method string) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.RPCMethod == method {
			n++
		}
	}
	return n
}
