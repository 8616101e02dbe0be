package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 server that sends requests of its own on a response stream
// (a ping, an elicitation: the 2025 way, which that revision forbids) is
// answered nothing, since a 2026 client "MUST NOT send JSON-RPC
// responses": no reply is POSTed, the user is not asked, and each request
// is marked as not answered and why. The call's own answer still comes.
// Before, both were answered by POST, and the elicitation was put to the
// user.
func TestStatelessServerRequestsNotAnswered(t *testing.T) {
	ans := &scripted{answer: map[string]string{"elicitation/create": `{"action":"decline"}`}}
	srv, s, rec := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		_ = x.Event(`{"jsonrpc":"2.0","id":"s-1","method":"ping"}`)
		_ = x.Event(`{"jsonrpc":"2.0","id":"s-2","method":"elicitation/create","params":{"message":"Your name?","requestedSchema":{"type":"object","properties":{}}}}`)
		x.Result(map[string]any{"content": []any{map[string]any{"type": "text", "text": "done"}}})
	})}, Config{Answerer: ans, NoListen: true})
	resp, err := s.CallTool(testCtx(t), "echo", []byte(`{}`))
	if err != nil || resp.Error != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call = %v, %v; want its result", resp, err)
	}
	for _, id := range []string{`"s-1"`, `"s-2"`} {
		asked := rec.waitFor(t, "the server's request "+id, func(r Record) bool {
			return r.Kind == KindReceived && r.RPC.Class == ClassServerRequest && r.RPC.ID == id
		})
		rec.waitFor(t, "why "+id+" was not answered", func(r Record) bool {
			return r.Kind == KindError && r.Error.Op == OpReply && r.Error.Cause == CauseModernAsked && r.Error.ReqSeq == asked.Seq
		})
	}
	for _, r := range rec.all() {
		if r.Kind == KindSent && r.RPC.Class == ClassReply {
			t.Errorf("mcpscope answered the server's request: %s", r.RPC.Raw)
		}
	}
	for _, r := range srv.Requests() {
		if r.Kind == mcptest.KindResponse {
			t.Errorf("the server got a JSON-RPC response: %s", r.Body)
		}
	}
	if len(ans.asked) != 0 {
		t.Errorf("the user was asked %d questions, want none", len(ans.asked))
	}
}
