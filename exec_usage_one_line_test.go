package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A command line exec cannot read is said in one line, what is wrong and
// what to type, and one pointer to the help: the 30 rows of every
// command's form printed under it pushed that line off a short terminal,
// and read as the answer to a question the user did not ask. Nothing is
// sent.
func TestExecUsageErrorIsOneLineAndAPointer(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	for _, tc := range []struct{ line, want string }{
		{"", `mcpscope: "": empty command: give a method such as tools/list`},
		{"tools/call", `mcpscope: "tools/call": tools/call needs the tool name before its arguments`},
		{"resources/read 'repo://{owner' owner=x", `is not a URI template (RFC 6570): incomplete expression`},
	} {
		out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), tc.line)
		lines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
		if code != exitUsage || out != "" || len(lines) != 2 || !strings.Contains(lines[0], tc.want) ||
			lines[1] != "  hint: mcpscope help exec lists every command and its form" {
			t.Errorf("exec %q: exit %d, want %d, the error saying %q and one line pointing to the help:\n%s\n%s", tc.line, code, exitUsage, tc.want, out, errOut)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests were sent for command lines that do not parse", n)
	}
}
