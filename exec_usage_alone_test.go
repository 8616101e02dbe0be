package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call whose words cannot become a message prints the usage error
// and its fix alone: nothing was sent, and the warnings of a missing
// required key (or a tool not listed) printed before it were about a call
// that never went, and buried the line that says what to type.
func TestExecUsageErrorPrintsNoWarnings(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	for _, tc := range []struct{ line, fix string }{
		{"tools/call echo bogus", "did you mean text=bogus?"},
		{"tools/call echo =x", "the key before = is empty"},
		{"tools/call echo --bogus", `"--bogus": expected key=value`},
		{"tools/call ecko bogus", `"bogus": expected key=value`},
	} {
		out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), tc.line)
		if code != exitUsage || !strings.Contains(out, tc.fix) {
			t.Errorf("exec %q: exit %d, want %d and %q\n%s\n%s", tc.line, code, exitUsage, tc.fix, out, errOut)
		}
		if strings.Contains(errOut, "warning:") {
			t.Errorf("exec %q printed warnings beside its usage error:\n%s", tc.line, errOut)
		}
	}
}
