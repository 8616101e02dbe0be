package proxy

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that sends a 2026 request (its _meta naming another clientInfo)
// with the Mcp-Session-Id of a 2025 session it initialized renamed that
// session: every later line and the TUI's client list called it by the
// 2026 request's name, and who began it was gone. The request is
// relayed and recorded in the session; the session keeps its name.
func TestSessionKeepsItsNameAfterAForeignMeta(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	sid := rawInitialize(t, base)
	rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"second","version":"2"}}}}`,
		headers2026("tools/list", "Mcp-Session-Id", sid)...)
	w.record(t, 1, "the 2026 request, relayed in the session", func(r mcp.Record) bool {
		return r.Kind == mcp.KindHTTP && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.ReqSeq != 0 && http.Header(r.HTTP.RequestHeaders).Get("Mcp-Method") == "tools/list"
	})
	if got := len(w.sessions()); got != 1 {
		t.Fatalf("%d sessions, want the one the session id names", got)
	}
	if name, version := w.sessions()[0].Info(); name != "first" || version != "1" {
		t.Errorf("the session is named %q %q, want its initialize's clientInfo first 1", name, version)
	}
}
