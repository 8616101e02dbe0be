package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The checks of an answer name its request's method cut as every line
// cuts a name (mcp.NameShown): a 180-byte method, answered with a 202
// holding what a later version brought, was quoted whole by both.
func TestAnswerChecksCutALongMethodAtNameLimit(t *testing.T) {
	method := "x/" + strings.Repeat("m", 178)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != method {
			x.Default()
			return
		}
		x.Status(202, "application/json", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"content":[{"type":"text","text":"x"}],"structuredContent":{"x":1}}}`)
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true, Protocol: "2025-03-26"}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, method, []byte(`{}`)); err != nil {
			t.Fatalf("%s: %v", method[:20], err)
		}
	})
	shown := method[:mcp.NameLimit] + "… (180 bytes)"
	want := map[mcp.Cause]string{
		mcp.CauseAcceptedAnswer: "the server answered " + shown + " with 202 Accepted",
		mcp.CauseNewerAnswer:    "the server answered " + shown + " with structuredContent",
	}
	for _, p := range l.Negotiation().Problems {
		if w, ok := want[p.Fact.Cause]; ok {
			if !strings.HasPrefix(p.Message, w) {
				t.Errorf("the %s problem says %q, want it to start %q", p.Fact.Cause, p.Message, w)
			}
			delete(want, p.Fact.Cause)
		}
	}
	for cause := range want {
		t.Errorf("no %s problem was said", cause)
	}
}

// A session id longer than the record keeps of a header (HeaderLimit) is
// quoted with the size it came with, as HeadersCut keeps it: the check
// said "(8192 bytes)", the record's cut, of a 100 KB id.
func TestAnswerCheckSaysACutSessionIDsWireSize(t *testing.T) {
	other := strings.Repeat("s", 100_000)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Header().Set("Mcp-Session-Id", other)
		}
		x.Default()
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true, Protocol: "2025-03-26"}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Request(ctx, "tools/list", []byte(`{}`)); err != nil {
			t.Fatalf("tools/list: %v", err)
		}
	})
	for _, p := range l.Negotiation().Problems {
		if p.Fact != nil && p.Fact.Cause == mcp.CauseSessionIDChanged {
			if !strings.Contains(p.Message, "… (100000 bytes)") {
				t.Errorf("the problem says %.300q…, want the id's 100000 bytes", p.Message)
			}
			return
		}
	}
	t.Errorf("no %s problem was said", mcp.CauseSessionIDChanged)
}
