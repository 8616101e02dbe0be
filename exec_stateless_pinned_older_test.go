package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --transport stateless with a --protocol of the initialize eras sent
// server/discover under 2025-06-18, which a 2026 server refuses as a
// method of no such era: exec then said the server was no 2026 server and
// to leave out "a --protocol of 2026 or later", which none was. It says
// what is wrong with the flags, and sends nothing: a usage error (exit 2),
// not a connection that failed (exit 3).
func TestExecStatelessWithAnOlderProtocolSaysTheFlagsDisagree(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--transport", "stateless", "--protocol", "2025-06-18", srv.URL, "tools/list")
	if code != exitUsage || !strings.Contains(errOut, "--protocol 2025-06-18 is a version of the eras before 2026-07-28, which have no stateless HTTP") ||
		strings.Contains(errOut, "not a 2026 server") {
		t.Errorf("exit %d, want the flags' disagreement said\n%s\n%s", code, out, errOut)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("the server got %d requests, want none", n)
	}
}
