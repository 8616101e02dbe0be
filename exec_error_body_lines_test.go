package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An HTTP error's body is quoted by its first line, which for a traceback
// says little: the line says how many more lines the body has (the
// recording and exec --json hold them all), where it used to end as if
// the first line were the whole body.
func TestExecErrorBodySaysItHasMoreLines(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.AnswerWith("tools/list", 500, "text/plain", "Traceback (most recent call last):\n  File \"server.py\", line 9\nValueError: no tools today\n")})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL+"/mcp", "tools/list")
	want := "answered 500 Internal Server Error: Traceback (most recent call last): (+2 more lines)"
	if code != exitFailed || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %d and the error saying %q:\n%s\n%s", code, exitFailed, want, out, errOut)
	}
}
