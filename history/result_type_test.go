package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 tools/call answered with a resultType the revision does not
// define reads failed in Pairs, as the session failed it (the answer is
// invalid), where it read ok; one whose resultType is complete reads ok.
func TestLogUnknownResultTypeRowFails(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		rt := "complete"
		if strings.Contains(string(x.Params), `"odd"`) {
			rt = "pending"
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[],"resultType":"` + rt + `"}}`)
	})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless, NoListen: true}, func(ctx context.Context, s *mcp.Session) {
		_, _ = s.CallTool(ctx, "odd", []byte(`{}`))
		_, _ = s.CallTool(ctx, "plain", []byte(`{}`))
	})
	states := map[string]PairState{}
	for i := range l.PairCount() {
		if p := l.Pair(i); p.Method == "tools/call" {
			states[p.Tool] = p.State
		}
	}
	if states["odd"] != StateFailed || states["plain"] != StateOK {
		t.Errorf("tools/call rows %v, want odd failed and plain ok", states)
	}
}
