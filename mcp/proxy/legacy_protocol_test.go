package proxy

import (
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied legacy HTTP+SSE session knows its protocol version from the
// initialize answer: no header carries it (only streamable HTTP sends
// MCP-Protocol-Version), and the status bar showed "sse" with no version
// where a streamable session showed "streamable 2025-06-18".
func TestProxiedLegacySessionKnowsItsProtocol(t *testing.T) {
	gw := startDemo(t)
	_, base, w := startProxy(t, gw.URL, Config{})
	cs := sdkConnect(t, "legacy-client", &sdk.SSEClientTransport{Endpoint: base + "/sse"})
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatal(err)
	}
	want := cs.InitializeResult().ProtocolVersion
	var id int
	w.until(t, "the legacy session", func() bool {
		for _, c := range w.clients {
			if c.Transport == mcp.TransportSSE {
				id = c.ID
				return true
			}
		}
		return false
	})
	w.record(t, id, "the tools/list answer", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "tools/list"
	})
	log := history.NewLog()
	log.Append(w.records(id)...)
	if got := log.Stats().Protocol; want == "" || got != want {
		t.Errorf("the proxied legacy session's protocol is %q, want %q, what the initialize answer chose", got, want)
	}
}
