package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxied client's first request is named by what it sent: a client
// that probes with server/discover, refused by a 2025 server, read
// "Client … POST http://…/mcp → 400", as if the proxy had turned it away.
func TestProxiedClientRowNamesTheMethod(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	recs := proxiedDiscover(t, up.URL+"/mcp", "probing-client", func(r mcp.Record) bool { return r.Kind == mcp.KindHTTP && r.HTTP.Purpose == mcp.PurposeRelay })
	m := proxyPane(t, "probing-client 1.0.0 · streamable", recs)
	text := negotiationText(m) // its rows wrap
	if !strings.Contains(text, "/mcp (server/discover) → 400") {
		t.Errorf("the Client row does not say what was refused:\n%s", text)
	}
}
