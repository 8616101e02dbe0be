package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A JSON answer whose chunked body came whole but whose trailer does not
// parse is HTTP a client cannot read, naming the trailer: it used to be
// "the JSON answer broke off", whose advice is to run the command again,
// which meets the same trailer.
func TestAnswerWithAMalformedTrailerIsBadHTTP(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if strings.Contains(string(body), `"initialize"`) {
			init := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"trailer","version":"1"}}}`
			return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: %d\r\n\r\n%s", len(init), init), false
		}
		if !strings.Contains(string(body), `"id"`) {
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"tools":[]}}`
		return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTrailer: X-Sum\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\nX-Sum: \x1b[31mred\r\n\r\n", len(answer), answer), false
	})
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second, NoGetStream: true})
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "trailer (the header lines after its last chunk) is malformed") {
		t.Errorf("tools/list = %v (cause %q), want the malformed trailer named as HTTP a client cannot read", err, CauseOf(err))
	}
	if err != nil && strings.Contains(err.Error(), "\x1b") {
		t.Errorf("the error holds the trailer's escape byte raw: %q", err.Error())
	}
	s.Close()
	rec.waitEnd(t)
}
