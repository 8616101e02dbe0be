package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server/discover result whose capabilities is no object is warned of in
// the Negotiation pane, as an initialize result's is, and the server is
// still named: the pane showed the capabilities as if they were fine.
func TestNegotiationWarnsOfDiscoverCapabilitiesOfTheWrongShape(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":["2026-07-28"],"capabilities":"all",` +
			`"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"odd","version":"1"}}}}`)
	})
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true}, func(context.Context, *mcp.Session) {})
	n := l.Negotiation()
	var warned bool
	for _, p := range n.Problems {
		warned = warned || p.Level == LevelWarning && strings.Contains(p.Message,
			`the server/discover result's capabilities is a string ("all"), not an object: it does not say what the server offers`)
	}
	if !warned || n.ServerName != "odd" {
		t.Errorf("server %q, problems %+v: want odd, and a warning that its capabilities is no object", n.ServerName, n.Problems)
	}
}
