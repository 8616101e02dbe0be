package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer cut off by a TCP reset, as JSON or as an event stream, or a
// POST reset before a byte of its answer came, says the connection was
// reset in the socket's words, once: it used to quote the socket's whole
// error ("read tcp 127.0.0.1:49230->127.0.0.1:9750: read: connection reset
// by peer"), then said it twice ("the connection was reset (connection
// reset by peer)").
func TestAnswerCutByAResetSaysSo(t *testing.T) {
	for _, answer := range []string{
		"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\",",
		"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nevent: message\ndata: {\"jsonrpc\"",
		"",
	} {
		url := mcptest.RawAnswersThenReset(t, func(req *http.Request, body []byte) (string, bool) {
			if strings.Contains(string(body), `"initialize"`) {
				init := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"reset","version":"1"}}}`
				return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: %d\r\n\r\n%s", len(init), init), false
			}
			if !strings.Contains(string(body), `"id"`) {
				return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
			}
			return answer, true
		})
		s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second, NoGetStream: true})
		rec := collect(s)
		if err := s.Connect(testCtx(t)); err != nil {
			t.Fatalf("Connect: %v", err)
		}
		_, _, err := s.ListTools(testCtx(t), false)
		if err == nil || !strings.Contains(err.Error(), "connection reset by peer") || strings.Count(err.Error(), "reset") != 1 || strings.Contains(err.Error(), "read tcp") {
			t.Errorf("%.40q: tools/list = %v, want the reset said once, in the socket's words", answer, err)
		}
		s.Close()
		rec.waitEnd(t)
	}
}
