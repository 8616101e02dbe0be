package history

import (
	"context"
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request whose POST the server took (200, an event stream) but whose
// stream ended before the answer failed after the POST: its row says
// failed, not "POST 200" as if the POST had been refused. A POST refused
// with a status still says so.
func TestStreamFailureAfterAnAcceptedPost(t *testing.T) {
	handle := func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/call":
			mcptest.NoResponse("tools/call")(x)
		case "tools/list":
			mcptest.AnswerWith("tools/list", http.StatusServiceUnavailable, "text/plain", "busy")(x)
		default:
			x.Default()
		}
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: handle})
	l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", []byte(`{"text":"x"}`)); mcp.CauseOf(err) != mcp.CauseNoResponse {
			t.Fatalf("tools/call = %v, want no-response", err)
		}
		if _, err := s.Request(ctx, "tools/list", nil); err == nil {
			t.Fatalf("tools/list answered 503 succeeded")
		}
	})
	states := map[string]PairState{}
	for i := range l.PairCount() {
		p := l.Pair(i)
		states[p.Method] = p.State
	}
	if states["tools/call"] != StateFailed {
		t.Errorf("tools/call whose stream ended before its answer: state %q, want %q", states["tools/call"], StateFailed)
	}
	if states["tools/list"] != StatePostFailed {
		t.Errorf("tools/list refused with 503: state %q, want %q", states["tools/list"], StatePostFailed)
	}
}
