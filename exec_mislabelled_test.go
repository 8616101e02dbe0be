package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that sends its JSON-RPC answers with no Content-Type is told to
// label them: exec said "no transport worked" and "check the URL", which
// was right, and then its hint allowed "this is not an MCP endpoint" for
// a body that was initialize's own result.
func TestExecSaysAMislabelledAnswerIsOnlyMislabelled(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if req.Method != http.MethodPost {
			return "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n", false
		}
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
		if strings.Contains(string(body), `"server/discover"`) {
			answer = `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"error":{"code":-32601,"message":"Method not found"}}`
		}
		return "HTTP/1.1 200 OK\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
	out, errOut, code := run(t, "exec", "--no-record", url+"/mcp", "tools/list")
	said := out + errOut
	if code == exitOK || !strings.Contains(said, "only its Content-Type is wrong") || !strings.Contains(said, "hint: the server sent its JSON-RPC answer under the wrong Content-Type") ||
		strings.Contains(said, "check the URL") || strings.Contains(said, "not an MCP endpoint") {
		t.Errorf("exec exits %d and says:\n%s\nwant the missing label named as all that is wrong", code, said)
	}
}
