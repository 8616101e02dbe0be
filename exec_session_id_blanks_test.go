package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session id holding a space or a tab, which the specification does not
// allow (visible ASCII only), is said by exec as the TUI's open state says
// it (mcp.SessionIDNote), and the session goes on with it sent back.
func TestExecSaysASessionIDWithBlanks(t *testing.T) {
	for _, id := range []string{"abc def", "abc\tdef"} {
		t.Run(strings.ReplaceAll(id, "\t", "tab"), func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{SessionID: func() string { return id }})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--no-get-stream", srv.URL, "tools/list")
			want := "· the initialize answer's Mcp-Session-Id " + strings.ReplaceAll(`"`+id+`"`, "\t", `\t`) + " is " + mcp.SessionIDNote(id)
			if code != exitOK || strings.Count(out, want) != 1 || mcp.SessionIDNote(id) == "" {
				t.Errorf("exit %d, want %d and once %q\n%s\n%s", code, exitOK, want, out, errOut)
			}
		})
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	if out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list"); code != exitOK || strings.Contains(out+errOut, "visible ASCII") {
		t.Errorf("exit %d, want a clean session\n%s\n%s", code, out, errOut)
	}
}
