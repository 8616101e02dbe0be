package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// goneBefore is a live session whose server goes away just before the
// named request is sent.
type goneBefore struct {
	*mcp.Session
	srv    *demo.Server
	method string
}

func (g goneBefore) Request(ctx context.Context, method string, params json.RawMessage) (*mcp.Response, error) {
	if method == g.method {
		g.srv.Close()
	}
	return g.Session.Request(ctx, method, params)
}

// The server goes away at the very last request: that is the same case as
// going away earlier (the run exited 1 with a plain error instead of 3,
// because nothing was left unsent).
func TestRerunServerGoneAtTheLastRequest(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv := demotest.Start(t, demo.Options{})
	recs := recordRequests(t, ctx, mcp.Config{URL: srv.MCPURL()}, "tools/list", "prompts/list")

	live := unkeptSession(t, ctx, srv.MCPURL())
	defer live.Close()
	results := rerunRecorded(t, ctx, recs, goneBefore{live, srv, "prompts/list"})
	if len(results) == 0 {
		t.Fatal("no results")
	}
	last := results[len(results)-1]
	if last.Method != "prompts/list" || last.Outcome != OutcomeError || last.NotSent != 0 {
		t.Fatalf("results %+v, want the last request (prompts/list) failed with nothing after it", results)
	}
	if !summarize(results).Unreachable() {
		t.Errorf("Unreachable = false for a run whose last request found the server gone: %+v", last)
	}
	if out := renderRerun(results, 80); !strings.Contains(out, "the server can no longer be reached\n") {
		t.Errorf("the report does not say the server is gone:\n%s", out)
	}
}
