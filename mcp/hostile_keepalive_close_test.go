package mcp

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that closes the connection after every answer, without a
// Connection: close header saying so, is legal HTTP/1.1: the next POST,
// sent on the connection net/http kept for it, is sent again on a new
// one, so every call is answered, not one in a few failing with "closed
// the connection without answering". Nothing is added to the wire for it.
func TestServerClosingEveryConnectionUnannounced(t *testing.T) {
	var keyed atomic.Int32
	url := mcptest.RawAnswersThenClose(t, func(req *http.Request, body []byte) (string, bool) {
		if _, ok := req.Header["Idempotency-Key"]; ok {
			keyed.Add(1)
		}
		id := mcptest.RawID(string(body))
		var answer string
		switch {
		case strings.Contains(string(body), `"initialize"`):
			answer = `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}}`
		case strings.Contains(string(body), `"tools/list"`):
			answer = `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[]}}`
		default:
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", true
		}
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, true
	})
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	for i := range 50 {
		if _, _, err := s.ListTools(testCtx(t), false); err != nil {
			t.Fatalf("tools/list %d of 50 = %v, want every call answered", i+1, err)
		}
	}
	if n := keyed.Load(); n != 0 {
		t.Errorf("%d requests carried an Idempotency-Key header mcpscope put there, want none", n)
	}
}

// A POST the server read on a kept-alive connection and then closed it
// without answering (a crash mid-request) is sent again on a new one by
// net/http: the wire carried it twice, and its record says so, where it
// read as one exchange the server saw once.
func TestResentPostIsRecorded(t *testing.T) {
	url, lists := mcptest.RawClosesOnce(t, `"tools/list"`)
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	t.Cleanup(func() { s.Close() })
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list = %v, want it answered on the new connection", err)
	}
	if n := lists(); n != 2 {
		t.Fatalf("the server read tools/list %d times, want 2 (this test needs the resend)", n)
	}
	posts := map[string]Record{}
	for _, method := range []string{"initialize", "tools/list"} {
		sent := rec.waitFor(t, method+" sent", func(r Record) bool {
			return r.Kind == KindSent && r.RPC.Method == method
		})
		posts[method] = rec.waitFor(t, "the "+method+" POST", func(r Record) bool {
			return r.Kind == KindHTTP && r.HTTP.Purpose == PurposePost && r.HTTP.ReqSeq == sent.Seq
		})
	}
	post := posts["tools/list"]
	if post.HTTP.Resent != 1 {
		t.Errorf("the tools/list POST's record says Resent %d, want 1: the wire carried it twice", post.HTTP.Resent)
	}
	if w := post.HTTP.ResentWords(); !strings.Contains(w, "sent again on a new connection") {
		t.Errorf("ResentWords() = %q, want it to say the POST was sent again on a new connection", w)
	}
	if init := posts["initialize"]; init.HTTP.Resent != 0 {
		t.Errorf("initialize, sent once on a new connection, says Resent %d, want 0", init.HTTP.Resent)
	}
}
