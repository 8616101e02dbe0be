package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 recording re-run on a server of an older era: the server/discover
// the user sent again is compared with the live session's initialize
// answer instead of initializing it twice, and no request carries the
// 2026 client's _meta (protocol version, capabilities, client info), so
// the older server answers in its own era.
func TestRerunOfA2026RecordingOnAnOlderServer(t *testing.T) {
	ctx := testCtx(t)
	older, results := rerunModernOnOlder(t, ctx, func(s *mcp.Session) {
		if _, err := s.CallTool(ctx, "echo", json.RawMessage(`{"text":"hi"}`)); err != nil {
			t.Fatal(err)
		}
	})
	if len(results) != 3 {
		t.Fatalf("re-ran %d requests, want discover, discover again, echo: %+v", len(results), results)
	}
	for _, res := range results[:2] {
		if res.Method != "server/discover" || res.As != "initialize" || res.Error != "" {
			t.Errorf("%s: as %q, %s %s, want it compared as initialize", res.Method, res.As, res.Outcome, res.Error)
		}
	}
	inits := 0
	for _, r := range older.Requests() {
		if r.Is("initialize") {
			inits++
		}
		if strings.Contains(string(r.Body), mcp.MetaProtocolVersion) || strings.Contains(string(r.Body), mcp.MetaClientCapabilities) {
			t.Errorf("the older server got the 2026 client's _meta: %s", r.Body)
		}
	}
	if inits > 2 {
		t.Errorf("the older server was initialized %d times; the discover sent again must not initialize it again", inits)
	}
}

// rerunModernOnOlder records a 2026 session with the stateless fake
// (server/discover, then steps) and re-runs it on the streamable fake of
// an older era, which it returns with the results.
func rerunModernOnOlder(t *testing.T, ctx context.Context, steps func(s *mcp.Session)) (*mcptest.StreamableServer, []RerunResult) {
	t.Helper()
	modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	recs := recordSession(t, ctx, mcp.Config{URL: modern.Endpoint(), NoListen: true}, func(s *mcp.Session) {
		if _, err := s.Discover(ctx); err != nil {
			t.Fatal(err)
		}
		steps(s)
	})
	older := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	live := liveSession(t, ctx, mcp.Config{URL: older.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
	defer live.Close()
	return older, rerunRecorded(t, ctx, recs, live)
}
