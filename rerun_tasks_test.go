package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool that must run as a task (the reference server's
// simulate-research-query) is called as one and its report printed; the
// recording re-runs the same, though the live server names a new task (its
// tasks/result asks by the live id, and a task's id and clocks are not
// differences).
func TestExecAndRerunATaskTool(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list", "tools/call research topic=go")
	if code != exitOK || !strings.Contains(out, "research  (runs as a task) A report") || !strings.Contains(out, "report on go") {
		t.Fatalf("exec exit %d, want the task's report\n%s\n%s", code, out, errOut)
	}
	file := onlyRecording(t, dir)
	// Against a server that never gave the recorded task's id.
	again := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.Tasks(nil)})
	out, errOut, code = run(t, "replay", file, "--against", again.Endpoint())
	if code != exitOK || !strings.Contains(out, "0 different") || !strings.Contains(out, "tasks/result") {
		t.Errorf("re-run of the task: exit %d\n%s\n%s", code, out, errOut)
	}
}
