package mcp

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose kept-alive connection closed as the DELETE ending the
// session went out on it (its keep-alive timeout ran out just then, or it
// closes each connection after an answer without saying so) left the
// session open: "DELETE ... failed: the server closed the connection
// without answering (EOF)", where a POST would have been sent again. A
// DELETE is idempotent (RFC 9110): it is sent again on a new connection
// too, and ends the session.
func TestDeleteResentWhenTheKeptConnectionClosed(t *testing.T) {
	var deletes, ended atomic.Int32
	url := mcptest.RawAnswersThenClose(t, func(req *http.Request, body []byte) (string, bool) {
		if req.Method == http.MethodDelete {
			if deletes.Add(1) == 1 {
				return "", true
			}
			ended.Add(1)
			return "HTTP/1.1 204 No Content\r\n\r\n", false
		}
		id := mcptest.RawID(string(body))
		answer := `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[]}}`
		switch {
		case id == "":
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		case strings.Contains(string(body), `"initialize"`):
			answer = `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}}`
		}
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	s.Close()
	<-rec.done
	for _, r := range rec.recs {
		if why := DeleteFailure(&r); why != "" {
			t.Errorf("the DELETE failed: %s", why)
		}
	}
	if ended.Load() != 1 {
		t.Errorf("%d DELETEs answered, want 1 (of %d sent)", ended.Load(), deletes.Load())
	}
}
