package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// deepMeta is a _meta nested past encoding/json's 10,000 levels: the one
// JSON scanner reads past it, and it must cost only itself.
var deepMeta = `"_meta":{"x":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`

// A progress notification and a task's status notification whose _meta
// nests past encoding/json's 10,000 levels still say their progress and
// status: read whole with encoding/json, each was unreadable, so the
// progress line was never drawn and the status printed as the bare method.
func TestExecReadsNotificationsBesideADeepMeta(t *testing.T) {
	url, release := heldToolCall(t, func(x *mcptest.Exchange) {
		_ = x.Event(`{"jsonrpc":"2.0","method":"notifications/progress","params":{` + deepMeta + `,"progressToken":` + string(x.ProgressToken()) + `,"progress":1,"total":2,"message":"half way"}}`)
		_ = x.Event(`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{` + deepMeta + `,"taskId":"t-7","status":"working","statusMessage":"step 2 of 3"}}`)
	})
	e := startTTYExec(t, url, "tools/call echo text=hi")
	const drawn = "tools/call echo  [##########..........] 1/2  half way"
	if !e.waitStderr(10*time.Second, func(s string) bool { return strings.Contains(s, drawn) }) {
		t.Errorf("the progress beside a deep _meta was not drawn; stderr:\n%q", e.errb.String())
	}
	// The answer waits for the progress line: once it is in, the
	// request's progress is no longer drawn.
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("exec: %v\n%s\n%s", err, e.out.String(), e.errb.String())
	}
	if got := e.out.String(); !strings.Contains(got, "· task t-7 working: step 2 of 3") {
		t.Errorf("the task status beside a deep _meta is not printed as what it says:\n%s", got)
	}
}

// A task tool's CreateTaskResult with a _meta nested past encoding/json's
// 10,000 levels is still a task, followed to its result: read whole, it
// was taken for the tool's own result and printed as nothing.
func TestExecFollowsATaskBesideADeepMeta(t *testing.T) {
	stateDir(t)
	tasks := mcptest.Tasks(nil)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/call":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + deepMeta + `,"task":{"taskId":"t-deep","status":"working","createdAt":"2026-01-01T00:00:00Z","lastUpdatedAt":"2026-01-01T00:00:00Z"}}}`)
		case "tasks/result":
			x.Result(mcptest.TextResult("the deep report", false))
		default:
			tasks(x)
		}
	}})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list", "tools/call research topic=go")
	if code != exitOK || !strings.Contains(out, "the deep report") {
		t.Errorf("exec exit %d, want %d and the task's result; the end of stdout:\n%s\nstderr:\n%s", code, exitOK, out[max(0, len(out)-500):], errOut)
	}
}
