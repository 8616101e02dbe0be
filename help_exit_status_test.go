package main

import (
	"strings"
	"testing"
)

// What --help says a command ends with is what it does, as the README
// says: exec and replay --against exit 141 when what reads their output
// ends, and proxy --headless stops on SIGHUP as well (a closed terminal),
// neither of which their help said.
func TestHelpSaysEveryWayACommandEnds(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"exec", "141 what read its output ended"},
		{"replay", "141 what read its output ended"},
		{"proxy", "(SIGINT, SIGTERM or SIGHUP)"},
	} {
		out, errOut, code := run(t, tc.cmd, "--help")
		if code != exitOK || !strings.Contains(out, tc.want) {
			t.Errorf("%s --help: exit %d %q, does not say %q:\n%s", tc.cmd, code, errOut, tc.want, out)
		}
	}
}
