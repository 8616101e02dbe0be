package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize result whose capabilities are not objects is a warning in
// the Negotiation pane, beside the capabilities it lists.
func TestNegotiationWarnsOfCapabilitiesOfTheWrongType(t *testing.T) {
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":5},"serverInfo":{"name":"odd","version":"1"}}}`)
	})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.waitFor("capabilities, tools is an integer") // the line wraps after it
	l.quit()
}
