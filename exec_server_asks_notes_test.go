package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// What the server asked while a tool ran, and how exec answered, is said
// with the tool's result on every era: a server request answered or
// refused (legacy and streamable), a 2026 request sent again with the
// input its answer asked for.
func TestExecSaysWhatTheServerAsked(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	for _, tc := range []struct{ url, answered, refused string }{
		{srv.SSEURL(), "· answered the server's roots/list\n", "· refused the server's sampling/createMessage: "},
		{srv.MCPURL(), "· answered the server's roots/list\n", "· refused the server's sampling/createMessage: "},
		{srv.StatelessURL(), "· sent tools/call again with the input it asked for: roots\n", ""},
	} {
		out, errOut, _ := run(t, "exec", "--no-record", "--root", t.TempDir(), tc.url, "tools/call list_roots", "tools/call sample prompt=hi")
		if !strings.Contains(out, tc.answered) || !strings.Contains(out, tc.refused) {
			t.Errorf("%s: want %q and %q in:\n%s\n%s", tc.url, tc.answered, tc.refused, out, errOut)
		}
	}
}
