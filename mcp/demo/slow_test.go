package demo

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// progressClient returns client options that hand every progress
// notification to the returned channel.
func progressClient() (*mcp.ClientOptions, <-chan *mcp.ProgressNotificationParams) {
	ch := make(chan *mcp.ProgressNotificationParams, 64)
	return &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			ch <- req.Params
		},
	}, ch
}

func nextProgress(t *testing.T, ch <-chan *mcp.ProgressNotificationParams) *mcp.ProgressNotificationParams {
	t.Helper()
	select {
	case p := <-ch:
		return p
	case <-time.After(testTimeout):
		t.Fatal("no progress notification arrived")
		return nil
	}
}

func TestSlowSendsProgress(t *testing.T) {
	copts, progress := progressClient()
	cs := connect(t, startDemo(t, Options{}).URL, copts)

	// Without a token there must be no notifications; the tokened call after
	// it shows that, since its notifications are the only ones that arrive.
	call(t, cs, "slow", map[string]any{"seconds": 0.02, "steps": 2})

	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	params := &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 0.2, "steps": 4}}
	params.SetProgressToken("slow-1")
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		t.Fatalf("CallTool(slow): %v", err)
	}
	if got, want := text(t, res), "done: worked 0.2s in 4 steps"; got != want {
		t.Errorf("slow = %q, want %q", got, want)
	}
	for i := 1; i <= 4; i++ {
		p := nextProgress(t, progress)
		if p.ProgressToken != "slow-1" || p.Progress != float64(i) || p.Total != 4 {
			t.Errorf("progress %d = token %v, %v of %v, want slow-1, %d of 4", i, p.ProgressToken, p.Progress, p.Total, i)
		}
	}
}

func TestQuickCallOvertakesSlow(t *testing.T) {
	copts, progress := progressClient()
	cs := connect(t, startDemo(t, Options{}).URL, copts)

	slowCtx, cancelSlow := context.WithCancel(context.Background())
	defer cancelSlow()
	slowDone := make(chan error, 1)
	go func() {
		params := &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 4, "steps": 20}}
		params.SetProgressToken("overtaken")
		_, err := cs.CallTool(slowCtx, params)
		slowDone <- err
	}()
	// The first progress proves slow is running on the server before greet
	// is sent.
	nextProgress(t, progress)

	if got, want := text(t, call(t, cs, "greet", map[string]any{"name": "Ann"})), "Hello, Ann!"; got != want {
		t.Errorf("greet = %q, want %q", got, want)
	}
	select {
	case err := <-slowDone:
		t.Fatalf("slow answered (err %v) before the greet sent after it, want greet first", err)
	default:
	}
	cancelSlow()
	select {
	case err := <-slowDone:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled slow call returned %v, want context.Canceled", err)
		}
	case <-time.After(testTimeout):
		t.Fatal("cancelled slow call did not return")
	}
}

func TestSlowHonoursCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := slow(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{}}, slowArgs{Seconds: 30, Steps: 2})
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "after 0 of 2 steps") {
			t.Errorf("slow after cancel = %v, want context.Canceled after 0 of 2 steps", err)
		}
	case <-time.After(testTimeout):
		t.Fatal("slow ignored cancellation")
	}
}

// TestErasCancelStopsSlow cancels a slow call the way each session era
// does (notifications/cancelled) and waits for the warning slow logs when it
// stops. (Stateless cancellation, by closing the stream, is
// TestStatelessCancelByClosingTheStream.)
func TestErasCancelStopsSlow(t *testing.T) {
	ts := startDemo(t, Options{})
	for _, e := range []era{legacyEra, streamableEra} {
		t.Run(e.name, func(t *testing.T) {
			copts, progress := progressClient()
			logOpts, logs := logClient()
			copts.LoggingMessageHandler = logOpts.LoggingMessageHandler
			cs := e.connect(t, ts.URL, copts)
			if err := cs.SetLoggingLevel(ctxT(t), &mcp.SetLoggingLevelParams{Level: "warning"}); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() {
				params := &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 4, "steps": 20}}
				params.SetProgressToken("cancel-me")
				_, err := cs.CallTool(ctx, params)
				done <- err
			}()
			nextProgress(t, progress) // slow is running on the server
			cancel()
			if err := receive(t, done, "the cancelled call's end"); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled slow returned %v, want context.Canceled", err)
			}
			m := receive(t, logs, "slow's warning that it stopped")
			if got, _ := m.Data.(string); m.Level != "warning" || !strings.HasPrefix(got, "slow stopped after ") || !strings.Contains(got, " of 20 steps: context canceled") {
				t.Errorf("log after cancelling = %s %v, want a warning that slow stopped", m.Level, m.Data)
			}
		})
	}
}
