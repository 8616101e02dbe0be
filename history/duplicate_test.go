package history

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers a request twice (the second an error) keeps the
// first answer on the request's row; the second is a row of its own, named
// for the request it repeats, not an answer to an id never sent, and not a
// failure of ours.
func TestLogSecondAnswerRow(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		first := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"tools":[]}}`, x.ID)
		again := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"again"}}`, x.ID)
		x.Status(http.StatusOK, "text/event-stream", "data: "+first+"\n\ndata: "+again+"\n\n")
	})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, func(ctx context.Context, s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, false); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
	})
	var req, dup *Pair
	for i := range l.PairCount() {
		p := l.Pair(i)
		switch {
		case p.Kind == KindRequest && p.Method == "tools/list":
			req = p
		case p.Kind == KindDuplicate:
			dup = p
		case p.Kind == KindForeign:
			t.Errorf("row %d: the second answer shown as foreign", i)
		}
	}
	if req == nil || req.State != StateOK {
		t.Fatalf("tools/list row = %+v, want it answered ok by the first answer", req)
	}
	if dup == nil || dup.Method != "tools/list" || dup.State != StateRPCError {
		t.Fatalf("second answer row = %+v, want a duplicate of tools/list carrying its error", dup)
	}
	if st := l.Stats(); st.Foreign != 0 || st.Errors != 0 {
		t.Errorf("stats = %+v, want no foreign answer and no failure", st)
	}
}
