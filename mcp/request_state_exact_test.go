package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The retry of an input_required answer echoes its requestState exactly as
// the server wrote it ("the client MUST echo back the exact value"), here
// with a lone surrogate escape (\ud800), which a decoded and re-encoded
// string turned into U+FFFD: another value, which a server checking its
// state (an HMAC over it) refuses.
func TestRequestStateEchoedExactly(t *testing.T) {
	const state = `"st\ud800te"`
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if !strings.Contains(string(x.Params), `"requestState"`) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":` + state + `}}`)
			return
		}
		text := "state kept"
		if !strings.Contains(string(x.Params), `"requestState":`+state) {
			text = "state changed: " + string(x.Params)
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"complete","content":[{"type":"text","text":` + quoteJSON(text) + `}]}}`)
	})
	s, _ := connect(t, Config{URL: srv.URL, Transport: TransportStateless, NoListen: true})
	resp, err := s.CallTool(testCtx(t), "stateful", []byte(`{}`))
	if err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	if !strings.Contains(string(resp.Result), "state kept") {
		t.Errorf("tools/call answered %s; want the retry to carry requestState %s as written", resp.Result, state)
	}
}

// quoteJSON is s as a JSON string.
func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
