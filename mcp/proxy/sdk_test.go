package proxy

import (
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The official Go SDK client, over its SSE transport and over its
// streamable transport, talks to the demo gateway through the proxy: the
// tool list and a tool call come back as without the proxy, and the
// client's session is recorded with both legs, its clientInfo and its
// pairs.
func TestSDKClientsThroughTheProxyToTheDemo(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	for _, tc := range []struct {
		transport string
		tr        sdk.Transport
	}{
		{mcp.TransportSSE, &sdk.SSEClientTransport{Endpoint: base + "/sse"}},
		{mcp.TransportStreamable, &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1}},
	} {
		t.Run(tc.transport, func(t *testing.T) {
			cs := sdkConnect(t, "sdk-"+tc.transport, tc.tr)
			tools, err := cs.ListTools(bounded(t), nil)
			if err != nil || len(tools.Tools) == 0 {
				t.Fatalf("tools/list through the proxy: %v, %v", tools, err)
			}
			res, err := cs.CallTool(bounded(t), &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "Ada"}})
			if err != nil || len(res.Content) == 0 || !strings.Contains(res.Content[0].(*sdk.TextContent).Text, "Ada") {
				t.Fatalf("tools/call greet through the proxy: %+v, %v", res, err)
			}
			var c *Client
			w.until(t, "the client session named", func() bool {
				for _, x := range w.clients {
					// The SDK's streamable client asks server/discover first:
					// that request is a stateless session of its own.
					if n, _ := x.Info(); n == "sdk-"+tc.transport && x.Transport == tc.transport {
						c = x
						return true
					}
				}
				return false
			})
			answer := w.record(t, c.ID, "the tools/call answer paired", func(r mcp.Record) bool {
				return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/call" && r.RPC.Tool == "greet"
			})
			if !strings.Contains(string(answer.RPC.Raw), "Ada") {
				t.Errorf("the recorded answer %s does not hold what the client got", answer.RPC.Raw)
			}
			w.record(t, c.ID, "the client's leg of a POST", func(r mcp.Record) bool {
				return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay && r.HTTP.Method == "POST" && strings.HasPrefix(r.HTTP.URL, base)
			})
			w.record(t, c.ID, "the upstream leg of a POST", func(r mcp.Record) bool {
				return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposePost && strings.HasPrefix(r.HTTP.URL, gw.URL)
			})
			cs.Close()
			w.until(t, "the session's records to end", func() bool { return w.ended[c.ID] })
		})
	}
}
