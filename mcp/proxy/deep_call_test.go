package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client's tools/call whose params hold a member nested past
// encoding/json's 10,000 levels is still recorded as a call of its tool:
// read whole with encoding/json, its name was lost, and the pairs showed a
// bare tools/call.
func TestProxyNamesTheToolBesideADeepMember(t *testing.T) {
	fake := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	_, base, w := startProxy(t, fake.URL, Config{})
	url := base + "/mcp"
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	call := request2026("2", "tools/call", `"x":`+deep+`,"name":"forecast","arguments":{"city":"Oslo"}`, "alpha")
	resp := rawPost(t, url, call, headers2026("tools/call", "Mcp-Name", "forecast", "Mcp-Param-City", "Oslo")...)
	readAll(t, resp.Body)
	w.until(t, "the client's session", func() bool { return len(w.clients) == 1 })
	w.record(t, w.sessions()[0].ID, "the tools/call sent, naming forecast", func(r mcp.Record) bool {
		return r.Kind == mcp.KindSent && r.RPC.Class == mcp.ClassRequest && r.RPC.Method == "tools/call" && r.RPC.Tool == "forecast"
	})
}
