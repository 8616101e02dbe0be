package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec says that the server sent an empty session id, and goes on.
func TestExecSaysTheSessionIDWasEmpty(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		id := mcptest.RawID(msg)
		header, answer := "", ""
		switch {
		case strings.Contains(msg, `"initialize"`):
			header, answer = "Mcp-Session-Id:\r\n", `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}`
		case strings.Contains(msg, `"tools/list"`):
			answer = `{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}`
		default:
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		answer = `{"jsonrpc":"2.0","id":` + id + `,"result":` + answer + `}`
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + header + "Content-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--no-get-stream", url+"/mcp", "tools/list")
	if code != exitOK || !strings.Contains(out, "echo") {
		t.Fatalf("exit %d, want the tool listed:\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out+errOut, "Mcp-Session-Id header is empty") || !strings.Contains(out+errOut, "goes on without a session id") {
		t.Errorf("exec does not say the session id was empty:\n%s\n%s", out, errOut)
	}
}

// An empty session id on an initialize answer that also had two
// MCP-Protocol-Version headers that disagree: exec says both, in the
// words of the open state the TUI shows, where it said only the versions
// and the empty id went unsaid.
func TestExecSaysTheEmptySessionIDAndMore(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		header, answer := "", `{"tools":[]}`
		switch {
		case strings.Contains(msg, `"initialize"`):
			header, answer = "Mcp-Session-Id:\r\nMCP-Protocol-Version: 2025-06-18\r\nMCP-Protocol-Version: 2024-11-05\r\n", `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}`
		case !strings.Contains(msg, `"tools/list"`):
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		answer = `{"jsonrpc":"2.0","id":` + mcptest.RawID(msg) + `,"result":` + answer + `}`
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + header + "Content-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", "--no-get-stream", "--no-listen", url+"/mcp", "tools/list")
	want := "· " + mcp.EmptySessionID + "; " + mcp.OtherVersionsNote([]string{"2024-11-05"}) + "\n"
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want %d and once %q\n%s\n%s", code, exitOK, want, out, errOut)
	}
}
