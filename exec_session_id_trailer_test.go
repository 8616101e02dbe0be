package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer that sends its Mcp-Session-Id only in its chunked
// trailer opens a session without one (clients ignore trailers): exec says
// so, where it said nothing and a server that wants the id refused the
// next command for want of one.
func TestExecSaysSessionIDOnlyInTheTrailer(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if strings.Contains(string(body), `"initialize"`) {
			init := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"trailer","version":"1"}}}`
			return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\nMcp-Session-Id: s1\r\n\r\n", len(init), init), false
		}
		if !strings.Contains(string(body), `"id"`) {
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"tools":[]}}`
		return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(answer), answer), false
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--no-get-stream", "--transport", "streamable", url+"/mcp", "tools/list")
	want := "· the initialize answer sent Mcp-Session-Id only as a trailer (after its chunked body), which clients ignore: the server must send it as a header"
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want %d and once %q\n%s\n%s", code, exitOK, want, out, errOut)
	}
}

// An initialize answer with two MCP-Protocol-Version headers naming two
// versions is said by exec as two Mcp-Session-Id headers are: it said
// nothing, and a later answer seemed to switch versions.
func TestExecSaysTwoProtocolVersionHeaders(t *testing.T) {
	out, errOut, code := execWithInitializeHeaders(t, "MCP-Protocol-Version", "2025-06-18", "2024-11-05")
	want := `· the initialize answer had 2 MCP-Protocol-Version headers that disagree, the others saying "2024-11-05": mcpscope sends the version the initialize result named`
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want %d and once %q\n%s\n%s", code, exitOK, want, out, errOut)
	}
}
