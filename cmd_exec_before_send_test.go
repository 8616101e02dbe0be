package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Two cursors for one list are a usage error said before anything is
// sent, as a cursor="" beside a cursor=X is: the line said "error:" under
// the list's heading, after the session had been opened for it.
func TestExecTwoCursorsAreRefusedBeforeSending(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list cursor=a cursor=b")
	want := "tools/list takes one cursor, not 2: cursor=X"
	if code != exitUsage || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, want %d and %q on stderr:\n%s\n%s", code, exitUsage, want, out, errOut)
	}
	if strings.Contains(out, "── tools/list") || len(srv.Posts()) != 0 {
		t.Errorf("something was sent (%d posts):\n%s", len(srv.Posts()), out)
	}
}
