package history

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The server goes away during a re-run: the request that found it gone
// says so, and the rest are not sent (each failed the same way, a line
// each, and the run exited 1 as for a difference rather than 3).
func TestRerunStopsWhenTheServerIsGone(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv := demotest.Start(t, demo.Options{})
	recs := recordRequests(t, ctx, mcp.Config{URL: srv.MCPURL()}, "tools/list", "prompts/list", "resources/list", "tools/list")

	live := unkeptSession(t, ctx, srv.MCPURL())
	defer live.Close()
	srv.Close() // gone before the first request is sent again
	results := rerunRecorded(t, ctx, recs, live)
	if len(results) == 0 {
		t.Fatal("no results")
	}
	last := results[len(results)-1]
	if !summarize(results).Unreachable() || last.Outcome != OutcomeError || len(results) > 2 {
		t.Fatalf("results %+v, want the run stopped at the first request that found the server gone", results)
	}
	if want := requestsAfter(openRecorded(t, recs).plan.sends, func(int64) bool { return false }) - len(results) + 1; last.NotSent < 3 {
		t.Errorf("NotSent = %d, want the requests after it (%d or so)", last.NotSent, want)
	}
	if out := renderRerun(results, 80); !strings.Contains(out, "the server can no longer be reached: the ") {
		t.Errorf("the report does not say why the rest were not sent:\n%s", out)
	}
}
