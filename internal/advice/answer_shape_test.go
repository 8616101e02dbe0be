package advice

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The advice for an answer that ended without the request's says what
// the answer was, a JSON body or an event stream, when the session read
// it as one: it said "(a JSON body or an event stream)" whichever came.
func TestAdviceNamesTheAnswersShape(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(x *mcptest.Exchange)
		want   string
	}{
		{"json", func(x *mcptest.Exchange) { x.Status(200, "application/json", "[]") }, "what the server sent back (a JSON body) ended without the answer"},
		{"stream", func(x *mcptest.Exchange) { _ = x.Notify("notifications/tools/list_changed", nil); x.Cut(0) }, "what the server sent back (an event stream) ended without the answer"},
	} {
		srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/list", tc.answer)})
		s := mcp.NewSession(mcp.Config{URL: srv.URL, NoListen: true, RequestTimeout: 10 * time.Second})
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		if err := s.Connect(ctx); err != nil {
			t.Fatalf("%s: Connect: %v", tc.name, err)
		}
		_, _, err := s.ListTools(ctx, false)
		cancel()
		s.Close()
		if mcp.CauseOf(err) != mcp.CauseNoResponse {
			t.Fatalf("%s: tools/list = %v, want its answer lost", tc.name, err)
		}
		if got := ForError(err, CLI); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: advice %q, want it to begin %q", tc.name, got, tc.want)
		}
	}
}
