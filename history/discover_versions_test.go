package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server/discover result whose supportedVersions holds a number, a
// version twice, and a string that would drive the terminal is warned of
// once in the Negotiation pane, naming the field and what it holds, the
// server's string made harmless: the pane listed the versions as fine.
func TestNegotiationWarnsOfSupportedVersionsOfTheWrongShape(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":["2026-07-28",5,"2026-07-28","\u001b[2J","\u001b[2J"],"capabilities":{},` +
			`"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"odd","version":"1"}}}}`)
	})
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true}, func(context.Context, *mcp.Session) {})
	n := l.Negotiation()
	var warned []string
	for _, p := range n.Problems {
		if p.Level == LevelWarning && strings.Contains(p.Message, "supportedVersions") {
			warned = append(warned, p.Message)
		}
	}
	if len(warned) != 1 {
		t.Fatalf("warnings of supportedVersions %q (problems %+v), want one", warned, n.Problems)
	}
	for _, want := range []string{"in the server/discover result's supportedVersions, item 2 is an integer (5), not a version string", `"2026-07-28"`, "listed more than once"} {
		if !strings.Contains(warned[0], want) {
			t.Errorf("warning %q, want it to say %q", warned[0], want)
		}
	}
	if strings.ContainsRune(warned[0], 0x1b) {
		t.Errorf("warning %q carries the server's escape", warned[0])
	}
}
