package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// tasks/list prints its tasks as the other lists print theirs: a row each
// (its id, its status, its clocks) and "N tasks", "0 tasks" for none. It
// printed the answer's JSON ({"tasks":[],"_meta":{}}), where the help says
// it lists them.
func TestExecTasksListHasRowsAndACount(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tasks/list", "tools/call research topic=go", "tasks/list")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out, `"tasks"`) {
		t.Errorf("tasks/list printed its JSON, not its tasks:\n%s", out)
	}
	if !strings.Contains(out, "\n0 tasks\n") {
		t.Errorf("tasks/list with no task does not say 0 tasks:\n%s", out)
	}
	row := regexp.MustCompile(`(?m)^task-1-\S+  completed  created \S+ · updated \S+ · kept 60s from its creation$`)
	if !row.MatchString(out) || !strings.Contains(out, "\n1 task\n") {
		t.Errorf("tasks/list after the task ended lacks its row (id, status, clocks) and 1 task:\n%s", out)
	}
}

// A task the server does not know is refused with -32602 as any bad
// params are: the advice points to tasks/list, which lists the tasks it
// knows, not to tools/list, prompts/list and resources/templates/list,
// which list none.
func TestExecUnknownTaskPointsToTasksList(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tasks/get taskId=nosuch")
	if code == exitOK || !strings.Contains(out, "error: ") {
		t.Fatalf("exec exit %d, want the refusal\n%s\n%s", code, out, errOut)
	}
	hint := lastHint(out)
	if !strings.Contains(hint, "tasks/list") || strings.Contains(hint, "tools/list") {
		t.Errorf("the hint for an unknown task is %q, want one pointing to tasks/list:\n%s", hint, out)
	}
}

// A hostile or careless server's clocks are said as it sent them: a ttl
// of more milliseconds than a duration holds read as some other time
// (overflowed), and a negative one as "kept -5ms", a time no task is kept:
// a negative one is said to be invalid.
func TestExecTasksListOddClocks(t *testing.T) {
	stateDir(t)
	srv := mcptest.OnMethod(t, "tasks/list", func(x *mcptest.Exchange) {
		x.Result(json.RawMessage(`{"tasks":[` +
			`{"taskId":"huge","status":"working","ttl":9000000000000000000,"pollInterval":9223372036854775807},` +
			`{"taskId":"negative","status":"working\u001b[31m","ttl":-5,"pollInterval":-1}]}`))
	})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tasks/list")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"kept 9000000000000000000ms from its creation · poll every 9223372036854775807ms",
		"ttl -5 (invalid: a negative number of milliseconds) · pollInterval -1 (invalid: a negative number of milliseconds)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("tasks/list does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("a status's escape reached the terminal:\n%q", out)
	}
}

// A task that has ended is refused tasks/cancel with -32602 (2025-11-25:
// receivers MUST reject cancelling a task in a terminal status so): the
// hint says so, where it asked whether the taskId was one the server
// knew, of the task exec had just seen completed.
func TestExecCancelOfAnEndedTaskSaysItEnded(t *testing.T) {
	stateDir(t)
	srv := mcptest.OnMethod(t, "tasks/cancel", func(x *mcptest.Exchange) {
		x.Error(-32602, "Cannot cancel task: already in terminal status 'completed'")
	})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tasks/cancel taskId=t1")
	if code == exitOK {
		t.Fatalf("exec exit %d, want the refusal\n%s\n%s", code, out, errOut)
	}
	hint := lastHint(out)
	if !strings.Contains(hint, "already ended") || !strings.Contains(hint, "tasks/get") {
		t.Errorf("the hint for cancelling a task is %q, want one saying an ended task cannot be cancelled:\n%s", hint, out)
	}
}

// lastHint is the last "  hint: " line exec printed, "" for none.
func lastHint(out string) string {
	hint := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "  hint: ") {
			hint = l
		}
	}
	return hint
}

// A task kept for longer than a time.Duration holds (10^13 ms, some 317
// years) is said to be kept that long, in milliseconds: its ttl wrapped
// round in converting and its row read "kept -2346317h47m53.709551616s
// from its creation", a task gone before it was made.
func TestExecTasksListSaysALongTTL(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tasks/list" {
			x.Default()
			return
		}
		x.Result(map[string]any{"tasks": []map[string]any{{"taskId": "t1", "status": "working", "ttl": int64(1e13), "pollInterval": int64(1e13)}}})
	}})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tasks/list")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "\nt1  working  kept 10000000000000ms from its creation · poll every 10000000000000ms\n") {
		t.Errorf("a ttl of 10^13 ms is not said as it is:\n%s", out)
	}
}
