package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server/discover answer that says input_required, which the
// specification forbids there: the Negotiation pane warns that it is
// malformed, still shows who the server is, and its row reads answered,
// not waiting on input that no round will give.
func TestNegotiationDiscoverMayNotAskForInput(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "server/discover" {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required",` +
				`"inputRequests":{"who":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}},` +
				`"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"asker","version":"1"}}}}`)
			return
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless, NoListen: true}, func(context.Context, *mcp.Session) {})
	n := l.Negotiation()
	var warned bool
	for _, p := range n.Problems {
		warned = warned || p.Level == LevelWarning && strings.Contains(p.Message, `server/discover answered resultType "input_required" asking for who`)
	}
	if !warned || n.ServerName != "asker" {
		t.Errorf("server %q, problems %+v: want asker, and a warning that discover may not ask for input", n.ServerName, n.Problems)
	}
	for i := range l.PairCount() {
		if p := l.Pair(i); p.Method == "server/discover" && p.State == StateInput {
			t.Errorf("the server/discover row is %q, waiting on input no round will give", p.State)
		}
	}
}
