package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// tasks/list on 2026-07-28, refused as unknown, was hinted that
// initialize, ping and logging/setLevel are gone: none of them the method
// typed. The hint says tasks/list is not in the era's tasks extension and
// how a task is followed there.
func TestExecTasksListOnModernSaysWhatReplacesIt(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out, _, code := run(t, "exec", "--no-record", srv.StatelessURL(), "tasks/list")
	if code != exitFailed || !strings.Contains(out, "hint: 2026-07-28's tasks extension has no tasks/list") || !strings.Contains(out, "tasks/get taskId=ID") ||
		strings.Contains(out, "initialize, ping and logging/setLevel") {
		t.Errorf("tasks/list on 2026: exit %d\n%s", code, out)
	}
}
