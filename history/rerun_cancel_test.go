package history

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request the recorded client cancelled is cancelled again in the re-run,
// as long after it was sent, and is the same outcome: it ran to its end
// (the slow tool's whole wait) and was reported as different from the
// recorded cancellation.
func TestRerunCancelsWhatTheRecordingCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	srv := demotest.Start(t, demo.Options{})
	for _, url := range []string{srv.SSEURL(), srv.MCPURL(), srv.StatelessURL()} {
		t.Run(url[strings.LastIndexByte(url, '/')+1:], func(t *testing.T) {
			recs := recordSession(t, ctx, mcp.Config{URL: url}, func(s *mcp.Session) {
				if url != srv.StatelessURL() {
					initialize(t, ctx, s)
				}
				// Cancelled, as x in the TUI or ctrl+c in exec do (a deadline
				// would be a timeout).
				callCtx, stop := context.WithCancel(ctx)
				time.AfterFunc(300*time.Millisecond, stop)
				_, err := s.Request(callCtx, "tools/call", []byte(`{"name":"slow","arguments":{"seconds":20,"steps":5}}`))
				stop()
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("the slow call was not given up on: %v", err)
				}
				if _, err := mcp.Checked(s.Request(ctx, "tools/list", nil)); err != nil {
					t.Fatal(err)
				}
			})

			live := liveSession(t, ctx, mcp.Config{URL: url})
			defer live.Close()
			// The slow call runs 20 s when not cancelled; the re-run takes
			// well under a second, so 10 s keeps a wide margin either way
			// on a loaded machine under -race.
			start := time.Now()
			results := rerunRecorded(t, ctx, recs, live)
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("the re-run took %s: the cancelled call ran on", took)
			}
			var slow *RerunResult
			for i := range results {
				if results[i].Method == "tools/call" {
					slow = &results[i]
				}
				if results[i].Outcome != OutcomeSame {
					t.Errorf("%s %s: %s %+v %s", results[i].Method, results[i].Tool, results[i].Outcome, results[i].Differences, results[i].Error)
				}
			}
			if slow == nil || !strings.HasPrefix(slow.As, "cancelled after ") {
				t.Errorf("the slow call's result %+v, want it cancelled as recorded", slow)
			}
		})
	}
}
