package proxy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client's body with bytes after its JSON-RPC message (a stray byte, or
// a second message back to back) was logged "not JSON-RPC" while upstream
// read the message and answered it, and the answer read as one to an id
// the client never sent. The message is logged as the request it is, as
// it came (the trailing bytes in its text), its answer paired with it,
// and a failure says what trails it.
func TestClientBodyWithTrailingBytesIsItsMessage(t *testing.T) {
	for _, tc := range []struct{ name, trail string }{
		{"garbage", " xyz\n"},
		{"back to back", `{"jsonrpc":"2.0","id":3,"method":"ping"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, base, w := startProxy(t, answeringUpstream(t, "lenient").URL+"/mcp", Config{})
			sid := rawInitialize(t, base)
			body := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + tc.trail
			resp := rawPost(t, base+"/mcp", body, "Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
			if got := readAll(t, resp.Body); !strings.Contains(got, `"id":2`) {
				t.Fatalf("upstream answered %s %q, want its answer to id 2", resp.Status, got)
			}
			sent := w.record(t, 1, "the client's message", func(r mcp.Record) bool {
				return r.Kind == mcp.KindSent && r.RPC != nil && strings.Contains(string(r.RPC.Raw), `"id":2`)
			})
			if sent.RPC.Class != mcp.ClassRequest || sent.RPC.Method != "tools/list" || sent.RPC.ID != "2" || string(sent.RPC.Raw) != body {
				t.Errorf("the client's message is logged %s %q id %q as %q, want the tools/list request id 2 as it came", sent.RPC.Class, sent.RPC.Method, sent.RPC.ID, sent.RPC.Raw)
			}
			answer := w.record(t, 1, "upstream's answer", func(r mcp.Record) bool {
				return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.ID == "2"
			})
			if answer.RPC.Class != mcp.ClassResponse || answer.RPC.ReqSeq != sent.Seq {
				t.Errorf("the answer is logged %s (to record %d), want the response to record %d", answer.RPC.Class, answer.RPC.ReqSeq, sent.Seq)
			}
			said := w.record(t, 1, "what trails the message", func(r mcp.Record) bool {
				return r.Error != nil && strings.Contains(r.Error.Message, "after its JSON-RPC message")
			})
			if !strings.Contains(said.Error.Message, fmt.Sprintf("%d bytes", len(tc.trail))) {
				t.Errorf("the failure says %q, want the %d bytes after the message", said.Error.Message, len(tc.trail))
			}
		})
	}
}
