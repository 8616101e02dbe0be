package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// askWho is an input_required answer's asking part, spread into a result
// of a request that may not ask for input.
const askWho = `"resultType":"input_required","requestState":"x",` +
	`"inputRequests":{"who":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}}`

// Answers that say input_required where the specification forbids it
// (server/discover, tools/list): the Negotiation pane warns that the
// discover answer is malformed and still shows who the server is; each
// row reads ok, not waiting on input no round will give, and the log
// holds one round of each.
func TestLogFollowsNoInputWhereTheSpecForbidsIt(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "server/discover":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + askWho + `,` +
				`"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"asker","version":"1"}}}}`)
		case "tools/list":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + askWho + `,"tools":[{"name":"lonely","inputSchema":{"type":"object"}}]}}`)
		default:
			x.Default()
		}
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless, NoListen: true}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, "tools/list", nil); err != nil {
			t.Errorf("tools/list: %v, want its answer read as the result", err)
		}
	})
	n := l.Negotiation()
	var warned bool
	for _, p := range n.Problems {
		warned = warned || p.Level == LevelWarning && strings.Contains(p.Message,
			`server/discover answered resultType "input_required" asking for who, which the specification allows only on tools/call, prompts/get and resources/read`)
	}
	if !warned || n.ServerName != "asker" {
		t.Errorf("server %q, problems %+v: want asker, and a warning that discover may not ask for input", n.ServerName, n.Problems)
	}
	rows := map[string]int{}
	for i := range l.PairCount() {
		p := l.Pair(i)
		if p.Method != "server/discover" && p.Method != "tools/list" {
			continue
		}
		rows[p.Method]++
		if p.State != StateOK || p.Round > 1 {
			t.Errorf("the %s row is %q in round %d, want ok in its only round", p.Method, p.State, p.Round)
		}
	}
	if rows["tools/list"] != 1 || rows["server/discover"] == 0 {
		t.Errorf("rows %v, want one tools/list and the discover", rows)
	}
}
