package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call whose words cannot become a message prints the usage error
// and its fix first, then what else the same words drew ("also: …"), as
// the TUI's "✗ why · ⚠ also:" does: only the error was printed, and fixing
// it brought a second refusal for a required key missing all along.
// Printed ahead of the error, the warnings buried the line that says what
// to type.
func TestExecUsageErrorThenItsWarnings(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	for _, tc := range []struct{ line, fix, also string }{
		{"tools/call echo bogus", "did you mean text=bogus?", "missing required"},
		{"tools/call echo =x", "the key before = is empty", "missing required"},
		{"tools/call echo --bogus", `"--bogus": expected key=value`, "missing required"},
		{"tools/call ecko bogus", `"bogus": expected key=value`, "not in tools/list: did you mean echo?"},
	} {
		var both syncBuffer // stdout and stderr, in the order written, as on a terminal
		cmd := newRootCmd()
		cmd.SetOut(&both)
		cmd.SetErr(&both)
		cmd.SetArgs([]string{"exec", "--no-get-stream", srv.Endpoint(), tc.line})
		code := report(&both, cmd.Execute())
		screen := both.String()
		fix, also := strings.Index(screen, tc.fix), strings.Index(screen, "warning: also: ")
		if code != exitUsage || fix < 0 || also < fix || !strings.Contains(screen[also:], tc.also) {
			t.Errorf("exec %q: exit %d, want %d, %q, then a warning after it naming %q:\n%s", tc.line, code, exitUsage, tc.fix, tc.also, screen)
		}
		if strings.Count(screen, "warning:") != strings.Count(screen, "warning: also: ") {
			t.Errorf("exec %q printed a warning that is not after its usage error:\n%s", tc.line, screen)
		}
	}
}
