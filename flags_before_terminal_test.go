package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Off a terminal, what is wrong with the flags is said before that the
// TUI needs a terminal: a user who ran 'mcpscope --theme lite | tee log'
// fixed the terminal first and only then learnt of the theme, and the
// proxy's own flags (-H, --max-sessions, ...) the same.
func TestFlagsAreCheckedBeforeTheTerminal(t *testing.T) {
	dir := stateDir(t)
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	url := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", url+"/mcp", "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	recording := onlyRecording(t, dir)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--no-record", "--theme", "lite"}, "did you mean light?"},
		{[]string{"--no-record", "--transport", "sse2"}, `--transport "sse2": did you mean sse?`},
		{[]string{"--no-record", "--log-level", "dbug", url + "/mcp"}, `--log-level "dbug": did you mean debug?`},
		{[]string{"replay", recording, "--theme", "lite"}, "did you mean light?"},
		{[]string{"proxy", "-H", "nocolon", url + "/mcp"}, "nocolon"},
		{[]string{"proxy", "--max-sessions", "-1", url + "/mcp"}, "--max-sessions -1: give a number"},
	} {
		_, errOut, code := run(t, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "terminal") {
			t.Errorf("%v: exit %d, stderr %q, want %d and %q, not the terminal", tc.args, code, errOut, exitUsage, tc.want)
		}
	}
}
