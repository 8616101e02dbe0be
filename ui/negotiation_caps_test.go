package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A sub-capability the server sets to false (the TypeScript SDK v2's
// server/discover says "subscribe": false) is one it does not offer: the
// Caps line leaves it out instead of listing it beside the ones set to true.
func TestNegotiationLeavesOutCapabilitiesSetToFalse(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Result(map[string]any{
			"supportedVersions": []string{mcp.ProtocolModern},
			"capabilities": map[string]any{"logging": map[string]any{}, "prompts": map[string]any{"listChanged": false},
				"resources": map[string]any{"listChanged": true, "subscribe": false}},
			"_meta": map[string]any{mcp.MetaServerInfo: map[string]any{"name": "ts-like", "version": "2"}},
		})
	})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("ts-like")
	view := strings.Join(l.quit().nego.lines(), "\n")
	if !strings.Contains(view, "Capabilities logging, prompts, resources{listChanged}") || strings.Contains(view, "subscribe") {
		t.Errorf("want Caps without the capabilities set to false:\n%s", view)
	}
}
