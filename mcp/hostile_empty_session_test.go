package mcp

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// emptyIDServer answers initialize with an Mcp-Session-Id header that is
// there and empty; tools/list is answered by refuse, or listed when it
// returns "". It counts the requests after initialize that carried an
// Mcp-Session-Id header.
func emptyIDServer(t *testing.T, refuse func() string, withID *atomic.Int32) string {
	return mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		if strings.Contains(msg, `"initialize"`) {
			answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(msg) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
			return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: \r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
		}
		if _, there := req.Header["Mcp-Session-Id"]; there {
			withID.Add(1)
		}
		if !strings.Contains(msg, `"tools/list"`) {
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		if r := refuse(); r != "" {
			return "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: " + strconv.Itoa(len(r)) + "\r\n\r\n" + r, false
		}
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(msg) + `,"result":{"tools":[]}}`
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
}

// An initialize answer whose Mcp-Session-Id is empty names no session (a
// session id is visible ASCII characters): the session goes on without
// one, and a state record says the server sent an empty id, rather than
// reading as a server that keeps no session.
func TestEmptySessionIDIsSaid(t *testing.T) {
	var withID atomic.Int32
	url := emptyIDServer(t, func() string { return "" }, &withID)
	s, rec := connect(t, Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	rec.waitFor(t, "the empty session id said", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateOpen && r.State.Detail == EmptySessionID && r.State.SessionID == ""
	})
	if n := withID.Load(); n != 0 {
		t.Errorf("%d requests carried an Mcp-Session-Id header, want none: the empty id names no session", n)
	}
}

// A server that then refuses a request for want of a session id is told
// apart from one whose initialize answer had no header at all.
func TestEmptySessionIDThenRefused(t *testing.T) {
	var withID atomic.Int32
	url := emptyIDServer(t, func() string { return "Bad Request: No valid session ID provided" }, &withID)
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	if CauseOf(err) != CauseSessionNotGiven || !strings.Contains(err.Error(), "its Mcp-Session-Id header was empty") {
		t.Errorf("tools/list = %v (cause %q), want %q naming the empty header", err, CauseOf(err), CauseSessionNotGiven)
	}
}
