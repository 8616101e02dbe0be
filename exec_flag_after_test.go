package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec reads flags only before the URL and the commands (so --all and
// other words belong to the commands). A flag of exec given after them is
// refused as a usage error that says where it goes, rather than parsed as
// a command line ("--log-level info": expected key=value); a command's own
// words that look like flags still pass.
func TestExecSaysWhereAFlagGivenLateGoes(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	for _, late := range [][]string{{"--log-level", "info"}, {"--linger=1s"}, {"-H", "X-Team: blue"}} {
		args := append([]string{"exec", "--no-record", srv.Endpoint(), "tools/list"}, late...)
		_, errOut, code := run(t, args...)
		flag, _, _ := strings.Cut(late[0], "=")
		if code != exitUsage || !strings.Contains(errOut, flag+" is a flag of exec") || !strings.Contains(errOut, "put the flags first") {
			t.Errorf("exec ... tools/list %s: exit %d, want a usage error saying where %s goes:\n%s", strings.Join(late, " "), code, flag, errOut)
		}
	}
	if out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list", "--all"); code != exitOK || !strings.Contains(out, "── tools/list") {
		t.Errorf("tools/list --all: exit %d, want the listing:\n%s\n%s", code, out, errOut)
	}
}
