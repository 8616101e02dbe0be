package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A task id of a megabyte is shown cut, with its size, in tasks/list,
// tasks/get, tasks/cancel and a tool call answered with a task: each
// printed the whole id, a megabyte a line. A line after it says the id is
// cut and where it is whole (the recording, exec --json), since tasks/get
// takes only the whole id.
func TestExecCutsAHugeTaskID(t *testing.T) {
	stateDir(t)
	huge := strings.Repeat("k", 1<<20)
	task := `{"taskId":"` + huge + `","status":"working"}`
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tasks/list":
			x.Result(json.RawMessage(`{"tasks":[` + task + `]}`))
		case "tasks/get", "tasks/cancel":
			x.Result(json.RawMessage(task))
		case "tools/call":
			x.Result(json.RawMessage(`{"task":` + task + `}`))
		default:
			x.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tasks/list", "tasks/get taskId=a", "tasks/cancel taskId=a", "tools/call echo text=hi")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%.2000s\n%s", code, out, errOut)
	}
	if len(out) > 64<<10 {
		t.Fatalf("exec printed %d bytes for a task id of 1 MiB, want it cut:\n%.1000s", len(out), out)
	}
	shown := strings.Repeat("k", 128) + "… (1048576 bytes)  working"
	if n := strings.Count(out, shown); n != 4 {
		t.Errorf("the cut id with its size %q is shown %d times, want 4 (list, get, cancel, call):\n%s", shown, n, out)
	}
	_, recorded, _ := strings.Cut(strings.TrimSpace(errOut[strings.LastIndex(errOut, "recorded to "):]), "recorded to ")
	const says = "a task id is longer than 128 bytes and shown cut; tasks/get taskId=ID takes it whole: all of it is in the recording (mcpscope export --format json "
	if n := strings.Count(out, says+recorded+"), and exec --json shows it\n"); n != 4 {
		t.Errorf("the line saying where the whole id is comes %d times, want 4:\n%s", n, out)
	}
	if !strings.Contains(out, "the server answered with a task, not the tool's result: tasks/result taskId=ID waits for its result") {
		t.Errorf("the tool call answered with a task does not say how to follow it:\n%s", out)
	}
}

// A tool call answered with a task (the tool not listed as running as
// one, so the task is not followed) says so, and names the short id to
// follow it by, where it printed "(no content)".
func TestExecSaysACallWasAnsweredWithATask(t *testing.T) {
	stateDir(t)
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Result(json.RawMessage(`{"task":{"taskId":"t 1","status":"working","ttl":60000}}`))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/call echo text=hi")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"\nt 1  working  kept 60s from its creation\n",
		"the server answered with a task, not the tool's result: tasks/result taskId='t 1' waits for its result, tasks/get taskId='t 1' says where it stands\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("exec does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "(no content)") || strings.Contains(out, "shown cut") {
		t.Errorf("a task's answer reads as a tool's empty one, or its short id as cut:\n%s", out)
	}
}

// A ttl or pollInterval that is no whole number of milliseconds (1e300,
// "x") or a negative one is said to be invalid, as written: a ttl of "x"
// or 1e300 was read as 0, "kept 0s from its creation", and tasks/get
// printed -5 in its JSON as if it were a ttl.
func TestExecSaysAnInvalidTaskTTL(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tasks/list":
			x.Result(json.RawMessage(`{"tasks":[{"taskId":"a","status":"working","ttl":1e300},{"taskId":"b","status":"working","ttl":"x","pollInterval":1.5}]}`))
		case "tasks/get":
			x.Result(json.RawMessage(`{"taskId":"c","status":"working","ttl":-5,"pollInterval":500,"extra":1}`))
		default:
			x.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tasks/list", "tasks/get taskId=c")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"\na  working  ttl 1e300 (invalid: past the largest whole number of milliseconds, 9223372036854775807)\n",
		"\nb  working  ttl \"x\" (invalid: not a whole number of milliseconds) · pollInterval 1.5 (invalid: not a whole number of milliseconds)\n",
		"\nc  working  ttl -5 (invalid: a negative number of milliseconds) · poll every 500ms\n",
		"\nthe answer also holds \"extra\":\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("exec does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "kept 0s") || strings.Contains(out, `"ttl"`) {
		t.Errorf("an invalid ttl is said as a time, or printed as JSON:\n%s", out)
	}
}

// A tasks/get answer holding more than the task (a 2026 task's result, the
// inputRequests tasks/update answers) shows it under the task's row, where
// the row named it only ("the answer also holds "result": exec --json
// shows them") and the tool's result, printed as JSON before the row
// replaced it, was not shown at all.
func TestExecShowsWhatATaskAnswerHoldsBesideTheTask(t *testing.T) {
	stateDir(t)
	srv := mcptest.OnMethod(t, "tasks/get", func(x *mcptest.Exchange) {
		x.Result(json.RawMessage(`{"taskId":"t1","status":"completed","_meta":{"k":1},` +
			`"result":{"content":[{"type":"text","text":"the report on mars"}]},"inputRequests":{"confirm":{"method":"elicitation/create"}}}`))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tasks/get taskId=t1")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"\nt1  completed  kept until cancelled\n", "the answer also holds \"result\", \"inputRequests\":\n",
		`"the report on mars"`, `"confirm"`} {
		if !strings.Contains(out, want) {
			t.Errorf("exec does not show %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"_meta"`) || strings.Contains(out, `"status"`) {
		t.Errorf("the members the row says are printed again as JSON:\n%s", out)
	}
}

// tasks/get of a task whose statusMessage is more than a line (a failed
// task's traceback) shows it whole under the row, which says its first
// line and "(+2 more lines)": the JSON printed before the row showed it
// all, and nothing said where the rest was.
func TestExecShowsATaskStatusMessageWhole(t *testing.T) {
	stateDir(t)
	srv := mcptest.OnMethod(t, "tasks/get", func(x *mcptest.Exchange) {
		x.Result(json.RawMessage(`{"taskId":"t1","status":"failed","statusMessage":"Traceback:\n  at step 3\nValueError: bad \u001b[31mtopic"}`))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tasks/get taskId=t1")
	if code != exitOK {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "\nt1  failed  Traceback: (+2 more lines)") || !strings.Contains(out, "\n  at step 3\nValueError: bad ") {
		t.Errorf("exec does not show the task's statusMessage whole:\n%s", out)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("the server's escape reached the terminal:\n%q", out)
	}
}
