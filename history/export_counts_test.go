package history

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// One recording's counts disagreed: the replay said "27 messages to
// come" where the export said "14 messages below, from 69 recorded
// events", whose "events" were records, not the SSE events the TUI
// counts. The export counts JSON-RPC messages as the replay does, and
// says what its entries and records are.
func TestExportCountsMessagesAsTheReplayDoes(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	l := greetedOverSSE(t, srv, func(context.Context, *mcp.Session) {})
	recs := make([]mcp.Record, 0, l.Len())
	for i := 0; i < l.Len(); i++ {
		recs = append(recs, *l.At(i))
	}
	h := Header{MCPScope: "test", URL: srv.SSEURL(), Transport: "sse", Started: scriptStart}
	played := NewPlayer(h, recs).Messages()
	var md bytes.Buffer
	if err := ExportMarkdown(&md, h, l); err != nil {
		t.Fatal(err)
	}
	head := strings.SplitN(md.String(), "\n", 4)[2]
	want := fmt.Sprintf("%d JSON-RPC messages (a request and its answer are two), in the %d numbered entries below; %d records in all", played, l.PairCount(), l.Stats().Records)
	if played <= l.PairCount() || !strings.Contains(head, want) || strings.Contains(head, "recorded events") {
		t.Errorf("the export's counts read\n%s\nwant them to say\n%s\n(the replay counts %d messages)", head, want, played)
	}
}

// greetedOverSSE is the Log of a legacy session with the demo gateway
// srv that is initialized and calls greet, then does what then does.
func greetedOverSSE(t *testing.T, srv *demo.Server, then func(context.Context, *mcp.Session)) *Log {
	t.Helper()
	return logOf(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.Initialize(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CallTool(ctx, "greet", json.RawMessage(`{"name":"ann"}`)); err != nil {
			t.Fatal(err)
		}
		then(ctx, s)
	})
}
