package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool's arguments given as a JSON array (JSON-RPC's params by
// position) can never be right: a tool takes its arguments by name. exec
// refuses them before sending anything, with what to type instead; it
// connected, initialized and listed the tools first, and only then said
// the word was no key=value.
func TestExecArgumentsArrayRefusedBeforeSending(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	for _, line := range []string{"tools/call echo [1]", `tools/call echo [1, "a b"]`} {
		out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), line)
		if code != exitUsage || !strings.Contains(out+errOut, "tools/call echo takes its arguments by name, not as a JSON array") ||
			!strings.Contains(out+errOut, "a list goes to its key: KEY:=") {
			t.Errorf("exec %q: exit %d, want %d and the array refused:\n%s\n%s", line, code, exitUsage, out, errOut)
		}
	}
	if got := srv.Requests(); len(got) != 0 {
		t.Errorf("the server got %d requests, want none: the refusal came after sending", len(got))
	}
}
