package history

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 session closed before the server acknowledged its listen
// stream: the POST mcpscope stopped waiting for failed the row, so Pairs
// drew "✗ POST error", Negotiation said it in red, the status bar counted
// an error and the export said post-failed, a failure of the server's
// that never was. The session's close ends it, as it ends an
// acknowledged one, and the export says its POST got no answer, not
// "POST 0", a status the server never sent.
func TestListenUnacknowledgedClosedWithTheSession(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HoldMethod(ListenMethod, arrived)})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		select {
		case <-arrived:
		case <-ctx.Done():
			t.Fatal("the listen POST never reached the server")
		}
	})
	lp := l.ListenPair()
	if lp == nil || lp.State != StateClosed {
		t.Fatalf("the listen row %+v, want closed with the session", lp)
	}
	if out := closedExport(t, Header{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, l); !strings.Contains(out, "`subscriptions/listen all lists`: closed") || strings.Contains(out, "post-failed") ||
		!strings.Contains(out, "POST no answer after") || strings.Contains(out, "POST 0") {
		t.Errorf("the export does not say the listen stream closed with the session, its POST unanswered:\n%s", out)
	}
}

// A listen POST the server refuses (503) still fails its row: only the
// POST mcpscope itself stopped waiting for is no failure.
func TestListenRefusedStillFails(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != ListenMethod {
			x.Default()
			return
		}
		x.Status(http.StatusServiceUnavailable, "text/plain", "busy")
	}})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		s.AwaitListen(ctx) // settled by the refusal
	})
	var first *Pair
	for i := 0; i < l.PairCount() && first == nil; i++ {
		if p := l.Pair(i); p.Method == ListenMethod {
			first = p
		}
	}
	if first == nil || first.State != StatePostFailed {
		t.Fatalf("the refused listen row %+v, want post-failed", first)
	}
}

// A listen stream replaced before the server acknowledged it (the user
// unsubscribed, so mcpscope opened another): its POST, which mcpscope
// stopped waiting for, failed the row, and the error saying it was
// replaced then counted as an error of its own. The row reads replaced,
// and nothing counts as an error.
func TestListenUnacknowledgedReplaced(t *testing.T) {
	arrived := make(chan struct{}, 2)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HoldMethod(ListenMethod, arrived)})
	wait := func(ctx context.Context, which string) {
		select {
		case <-arrived:
		case <-ctx.Done():
			t.Fatal("the " + which + " listen POST never reached the server")
		}
	}
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		wait(ctx, "first")
		if _, err := s.Unsubscribe(ctx, "demo://x"); err != nil {
			t.Fatal(err)
		}
		wait(ctx, "second")
	})
	var states []PairState
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.Method == ListenMethod {
			states = append(states, p.State)
		}
	}
	// The first reads closed when the session's close drained it before
	// its goroutine said it was replaced: the close came at once after,
	// and either is true; failed is not.
	if len(states) != 2 || states[0] != StateReplaced && states[0] != StateClosed || states[1] != StateClosed {
		t.Errorf("the listen rows are %v, want [replaced closed] (or [closed closed])", states)
	}
	if n := l.Stats().Errors; n != 0 {
		t.Errorf("%d errors counted, want none: nothing failed", n)
	}
}
