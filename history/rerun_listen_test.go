package history

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A subscriptions/listen the user typed is re-run as the user's own: the
// live session opens it again (marked user_stream, beside its own listen,
// which is not re-run) and its acknowledgement is compared with the
// recorded one. replay --against skipped every listen.
func TestRerunSendsTheUsersOwnListenAgain(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	srv := demotest.Start(t, demo.Options{})
	filter := json.RawMessage(`{"notifications":{"toolsListChanged":true}}`)
	recs := recordSession(t, ctx, mcp.Config{URL: srv.StatelessURL()}, func(s *mcp.Session) {
		if _, err := s.Listen(ctx, filter); err != nil {
			t.Fatal(err)
		}
		if _, err := mcp.Checked(s.Request(ctx, "tools/list", nil)); err != nil {
			t.Fatal(err)
		}
	})

	live := mcp.NewSession(mcp.Config{URL: srv.StatelessURL()})
	var mu sync.Mutex
	var listens []mcp.RPCMessage
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range live.Records() {
			for _, r := range b {
				if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == mcp.ListenMethod {
					mu.Lock()
					listens = append(listens, *r.RPC)
					mu.Unlock()
				}
			}
		}
	}()
	if err := live.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	results := rerunSame(t, ctx, recs, live)
	live.Close()
	waitClosed(t, done, "the end of the live session's records after Close")

	var methods []string
	for _, res := range results {
		methods = append(methods, res.Method)
	}
	if got := strings.Join(methods, " "); !strings.Contains(got, mcp.ListenMethod+" tools/list") || strings.Count(got, mcp.ListenMethod) != 1 {
		t.Errorf("re-ran %q, want the user's one listen then tools/list", got)
	}
	users := 0
	for _, m := range listens {
		if m.UserStream {
			users++
			if !strings.Contains(string(m.Raw), `"toolsListChanged":true`) {
				t.Errorf("the user's listen was re-sent as %s, not with its recorded filter", m.Raw)
			}
		}
	}
	if users != 1 || len(listens) != 2 {
		t.Errorf("the live session sent %d listens, %d of them the user's; want its own and the user's", len(listens), users)
	}

	// A server of an older era has no listen (the demo's takes it and
	// never answers): it is not sent, and says so, rather than waiting
	// out the request timeout.
	const timeout = 10 * time.Second
	older := liveSession(t, ctx, mcp.Config{URL: srv.MCPURL(), RequestTimeout: timeout})
	defer older.Close()
	start := time.Now()
	for _, res := range rerunRecorded(t, ctx, recs, older) {
		if res.Method == mcp.ListenMethod && (res.Outcome != OutcomeSame || res.As != listenNotSent) {
			t.Errorf("the user's listen re-run on an older era: %s (%s) %s, want it not sent", res.Outcome, res.As, res.Error)
		}
	}
	// A listen sent takes the whole timeout; only that is a fault, not a
	// loaded machine's few seconds.
	if d := time.Since(start); d >= timeout {
		t.Errorf("the re-run on an older era took %s, the request timeout: it waited for the listen", d)
	}
}
