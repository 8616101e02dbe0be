package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that answers a request with 202 and the answer in the body
// (which streamable HTTP keeps for notifications and responses, with no
// body) has it relayed as it came, and the session's records say so once,
// in the Negotiation pane (the check exec's notes ask too).
func TestProxiedAnswerWith202IsSaid(t *testing.T) {
	up := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Status(http.StatusAccepted, "application/json", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`)
	})
	_, base, w := startProxy(t, up.URL, Config{})
	accept := []string{"Accept", "application/json, text/event-stream"}
	init := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, accept...)
	readAll(t, init.Body)
	session := append(accept, "Mcp-Session-Id", init.Header.Get("Mcp-Session-Id"), "MCP-Protocol-Version", "2025-11-25")
	for _, id := range []string{"2", "3"} {
		resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/list"}`, session...)
		if body := readAll(t, resp.Body); resp.StatusCode != http.StatusAccepted || !strings.Contains(body, `"tools"`) {
			t.Fatalf("the client got %s %q, want upstream's 202 and its answer", resp.Status, body)
		}
	}
	c := w.sessions()[0]
	w.until(t, "both answers", func() bool {
		n := 0
		for _, r := range w.recs[c.ID] {
			if r.RPC != nil && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/list" {
				n++
			}
		}
		return n == 2
	})
	// What the Negotiation pane shows of the session, live or replayed.
	log := history.NewLog()
	log.Append(w.records(c.ID)...)
	var said []string
	for _, p := range log.Negotiation().Problems {
		if strings.Contains(p.Message, "202") {
			said = append(said, p.Message)
		}
	}
	want := "the server answered tools/list with 202 Accepted and the answer in its body, where a request's answer comes with 200: mcpscope used the answer"
	if len(said) != 1 || said[0] != want {
		t.Errorf("the session's Negotiation says %q, want once %q\n%s", said, want, w.dump())
	}
}
