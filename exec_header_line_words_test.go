package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A header line net/http refuses (a control byte in a session id) is said
// as the server sending a header that is not valid HTTP, quoting the line
// harmlessly, not in net/http's words "net/http: HTTP/1.x transport
// connection broken".
func TestExecSaysTheAnswersHeadersDoNotParse(t *testing.T) {
	stateDir(t)
	base := mcptest.RawAnswer(t, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: \x1b]0;pwn\x07\r\nContent-Length: 2\r\n\r\n{}")
	_, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", base+"/mcp", "tools/list")
	const want = `failed: the server sent a header that is not valid HTTP ("Mcp-Session-Id: \x1b]0;pwn\a"): a bug in the server`
	if code != exitConnect || !strings.Contains(errOut, want) || strings.Contains(errOut, "net/http") || strings.Contains(errOut, "\x1b") {
		t.Errorf("exit %d, want %d and %q\n%s", code, exitConnect, want, errOut)
	}
}
