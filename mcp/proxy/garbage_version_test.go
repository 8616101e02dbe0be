package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// An initialize whose MCP-Protocol-Version header is no version at all
// ("zz", which sorts after "2026") is relayed and recorded as the 2025
// client's initialize it is, not as a stateless 2026-07-28 client's.
func TestGarbageProtocolVersionIsNoStatelessClient(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	req, _ := http.NewRequestWithContext(bounded(t), http.MethodPost, base+"/mcp", strings.NewReader(
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"garbled","version":"1"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "zz")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	w.until(t, "the client's session", func() bool { return len(w.clients) > 0 })
	c := w.sessions()[0]
	if c.Transport != mcp.TransportStreamable {
		t.Errorf("an initialize with MCP-Protocol-Version zz is recorded as a %s client's, want %s\n%s", c.Transport, mcp.TransportStreamable, w.dump())
	}
}
