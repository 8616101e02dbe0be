package mcp

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer with two Mcp-Session-Id headers names the session by
// the first, and the open state says there was another and what it said:
// the second was dropped without a word, though a server (or a proxy in
// front of it) naming two is why a session can fail later.
func TestTwoSessionIDsAreSaid(t *testing.T) {
	srv, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "initialize" {
			x.Header().Add("Mcp-Session-Id", "from-the-proxy")
		}
		x.Default()
	}}, Config{NoGetStream: true})
	r := rec.waitFor(t, "the open state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateOpen })
	if !strings.Contains(r.State.Detail, `2 Mcp-Session-Id headers, the others saying "from-the-proxy"`) {
		t.Errorf("open state says %q, want it to name the second Mcp-Session-Id", r.State.Detail)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	for _, q := range srv.Requests() {
		if q.RPCMethod == "tools/list" && q.SessionID == "from-the-proxy" {
			t.Errorf("tools/list carried the second session id, want the first")
		}
	}
}

// An initialize answer whose first Mcp-Session-Id is empty and whose
// second names a session goes on without a session id, as one whose only
// id is empty does, and the open state says both as they came: the
// second went unsaid, the answer read as having only an empty id.
func TestEmptyThenNamedSessionIDsAreSaid(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		if strings.Contains(msg, `"initialize"`) {
			answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(msg) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
			return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: \r\nMcp-Session-Id: the-real-one\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
		}
		return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
	})
	_, rec := connect(t, Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	r := rec.waitFor(t, "the open state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateOpen })
	if !strings.HasPrefix(r.State.Detail, EmptySessionID) {
		t.Errorf("open state says %q, want it to begin %q", r.State.Detail, EmptySessionID)
	}
	if want := `2 Mcp-Session-Id headers, the first empty, the others saying "the-real-one"`; !strings.Contains(r.State.Detail, want) {
		t.Errorf("open state says %q, want it to say %q", r.State.Detail, want)
	}
	if r.State.SessionID != "" || len(r.State.OtherSessionIDs) != 1 || r.State.OtherSessionIDs[0] != "the-real-one" {
		t.Errorf("open state has session %q, others %q; want none, and the other as it came", r.State.SessionID, r.State.OtherSessionIDs)
	}
}
