package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose answer runs past its Content-Length makes net/http log
// "Unsolicited response received on idle HTTP channel" through the
// standard logger. exec says it among its own lines, explained once and
// made safe, not as a bare time-stamped line with the server's bytes.
func TestExecExplainsNetHTTPsLoggedLine(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		id := mcptest.RawID(msg)
		reply := func(result, extra string) string {
			answer := `{"jsonrpc":"2.0","id":` + id + `,"result":` + result + `}`
			return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer + extra
		}
		switch {
		case strings.Contains(msg, `"initialize"`):
			return reply(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}`, ""), false
		case strings.Contains(msg, `"tools/list"`):
			// The extra bytes hold an escape sequence: it must not
			// reach the terminal through the logged line.
			return reply(`{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}`, "\x1b]0;pwned\x07 and more"), true
		}
		return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--no-get-stream", url+"/mcp", "tools/list")
	if code != exitOK || !strings.Contains(out, "echo") {
		t.Fatalf("exit %d, want the tool listed:\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "net/http: Unsolicited response received on idle HTTP channel") ||
		!strings.Contains(errOut, "more bytes than its answer's Content-Length said") {
		t.Errorf("stderr lacks net/http's line, explained:\n%s", errOut)
	}
	if strings.ContainsAny(errOut, "\x1b\x07") {
		t.Errorf("the logged line reaches the terminal with its control bytes: %q", errOut)
	}
}

// A 204 No Content carrying the answer as its body was explained as an
// answer longer than its Content-Length, which it was not: a 204 has no
// body, whatever length it names.
func TestExecExplainsABodyAfterA204(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		id := mcptest.RawID(msg)
		status := "200 OK"
		result := `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}`
		switch {
		case strings.Contains(msg, `"tools/list"`):
			status, result = "204 No Content", `{"tools":[]}`
		case !strings.Contains(msg, `"initialize"`):
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		answer := `{"jsonrpc":"2.0","id":` + id + `,"result":` + result + `}`
		return "HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, status != "200 OK"
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--no-get-stream", url+"/mcp", "tools/list")
	if code != exitFailed || !strings.Contains(out+errOut, "answered 204 No Content") || !strings.Contains(errOut, "or a body after a 204 No Content or 304 Not Modified, which have none") {
		t.Errorf("exit %d, want %d explaining the body after the 204:\n%s\n%s", code, exitFailed, out, errOut)
	}
}
