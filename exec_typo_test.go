package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// exec names what a mistyped method, tool or argument was meant to be: a line the
// typo made unreadable is refused naming the method first (not the word
// after it), and a typo that still parses is sent with a warning saying
// what was meant, where the server's refusal alone said nothing of it.
func TestExecSuggestsMistypedMethodsAndTools(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	_, errOut, code := run(t, "exec", "--no-record", url, "tools/cal greet name=Ann")
	if code != exitUsage || !strings.Contains(errOut, "tools/cal is not a method mcpscope knows: did you mean tools/call?") {
		t.Errorf("tools/cal greet: exit %d, stderr:\n%s\nwant exit %d naming tools/call", code, errOut, exitUsage)
	}
	out, errOut, _ := run(t, "exec", "--no-record", url, "tool/list", "tools/call gret name=Ann", "tools/call greet nme=Ann")
	all := out + errOut
	for _, want := range []string{
		"tool/list is not a method mcpscope knows: did you mean tools/list? (sent as typed)",
		`tool "gret" is not in tools/list (did you mean greet? known:`,
		"nme: unknown key, and the schema forbids extra keys (additionalProperties: false); did you mean name?",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("output lacks %q:\n%s", want, all)
		}
	}
}
