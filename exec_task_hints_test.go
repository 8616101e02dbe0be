package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool that must run as a task and whose annotations state hints (the
// reference server's simulate-research-query) is listed with one pair of
// parentheses, "(runs as a task; non-destructive, closed-world)", not two
// side by side.
func TestExecListsATaskToolsHintsInOneParenthesis(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/list" {
			c.Default()
			return
		}
		c.Result(map[string]any{"tools": []map[string]any{
			{"name": "research", "description": "Researches a topic.", "inputSchema": map[string]any{"type": "object"},
				"execution": map[string]any{"taskSupport": "required"}, "annotations": map[string]any{"readOnlyHint": false, "destructiveHint": false, "openWorldHint": false}},
			{"name": "plain", "description": "No hints.", "inputSchema": map[string]any{"type": "object"},
				"execution": map[string]any{"taskSupport": "required"}},
		}})
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL, "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"research  (runs as a task; non-destructive, closed-world) Researches a topic.\n", "plain     (runs as a task) No hints.\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the listing does not say %q:\n%s", want, out)
		}
	}
}

// A 2026-07-28 server that still marks a tool with 2025-11-25's
// execution.taskSupport "required" has it called plainly (2026 has no
// params.task): the listing does not say it runs as a task, and the call
// prints the tool's answer.
func TestExecCallsA2026TaskMarkedToolPlainly(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			x.Result(map[string]any{"tools": []map[string]any{{"name": "research", "description": "Researches a topic.",
				"inputSchema": map[string]any{"type": "object"}, "execution": map[string]any{"taskSupport": "required"}}}})
		case "tools/call":
			if strings.Contains(string(x.Params), `"task"`) {
				x.Error(-32602, "unknown member task")
				return
			}
			x.Result(map[string]any{"content": []map[string]any{{"type": "text", "text": "the report"}}})
		default:
			x.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list", "tools/call research")
	if code != exitOK || !strings.Contains(out, "the report") {
		t.Fatalf("exit %d, want the tool's report\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out, "runs as a task") {
		t.Errorf("the 2026 listing says the tool runs as a task:\n%s", out)
	}
}
