package mcp

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers initialize with its JSON-RPC answer and no
// Content-Type fails detection: every probe's verdict names the missing
// label, which is what is wrong, not "no JSON-RPC answer" for a body that
// was one.
func TestDetectionNamesAnAnswerWithNoContentType(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if req.Method != http.MethodPost {
			return "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n", false
		}
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
		return "HTTP/1.1 200 OK\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
	s := NewSession(Config{URL: url + "/mcp"})
	t.Cleanup(func() { s.Close() })
	err := s.Connect(testCtx(t))
	if err == nil {
		t.Fatal("Connect succeeded, want detection to fail")
	}
	want := "POST initialize " + url + "/mcp: answered 200 with no Content-Type: not streamable HTTP here"
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "no JSON-RPC answer") {
		t.Errorf("Connect = %v, want it to say %q", err, want)
	}
}
