package main

import (
	"strings"
	"testing"
)

// A subcommand given the wrong number of arguments says what it takes and
// how to give it, and points at its own help, where cobra said "accepts 1
// arg(s), received 0" and pointed at the root command's.
func TestMissingArgumentsSayWhatToGive(t *testing.T) {
	stateDir(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"replay"}, []string{"replay needs a recording: give its FILE, or last for the one written to last (mcpscope replay last)", "run 'mcpscope replay --help'"}},
		{[]string{"export", "a", "b"}, []string{"export takes one recording FILE (or last, the one written to last), not 2 argument(s)"}},
		{[]string{"proxy"}, []string{"proxy takes the URL of the server to relay to", "mcpscope proxy http://localhost:8811"}},
		{[]string{"exec"}, []string{"exec takes a COMMAND to run", "mcpscope exec tools/list", "run 'mcpscope exec --help'"}},
	} {
		_, errOut, code := run(t, tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d", tc.args, code, exitUsage)
		}
		for _, w := range tc.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: stderr %q lacks %q", tc.args, errOut, w)
			}
		}
	}
}

// A bad connection flag is refused alone: exec said it was using the demo
// gateway first, as if it had got that far.
func TestExecBadFlagSaysNothingOfTheDemo(t *testing.T) {
	stateDir(t)
	_, errOut, code := run(t, "exec", "--log-level", "loud", "tools/list")
	if code != exitUsage || !strings.Contains(errOut, `--log-level "loud"`) || strings.Contains(errOut, "demo gateway") {
		t.Errorf("exit %d, stderr:\n%s\nwant a usage error about --log-level alone", code, errOut)
	}
}
