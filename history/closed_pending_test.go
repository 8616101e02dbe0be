package history

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// callThen starts a tools/call on s, waits for the fake to hold it, and
// runs then; it returns what the call returned, once it has.
func callThen(ctx context.Context, t *testing.T, s *mcp.Session, arrived <-chan struct{}, callCtx context.Context, then func()) <-chan error {
	t.Helper()
	ended := make(chan error, 1)
	go func() {
		_, err := s.CallTool(callCtx, "echo", []byte(`{"text":"x"}`))
		ended <- err
	}()
	select {
	case <-arrived:
	case <-ctx.Done():
		t.Fatal("the tools/call never reached the server")
	}
	then()
	return ended
}

// toolsCall is the Log's tools/call row.
func toolsCall(t *testing.T, l *Log) *Pair {
	t.Helper()
	return rowOf(t, l, "tools/call")
}

// rowOf is the Log's last row of method.
func rowOf(t *testing.T, l *Log, method string) *Pair {
	t.Helper()
	var row *Pair
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.Method == method {
			row = p
		}
	}
	if row == nil {
		t.Fatalf("no %s row", method)
	}
	return row
}

// closedExport is the export of l, a session that closed with nothing
// failed: it fails the test if any error was counted.
func closedExport(t *testing.T, hdr Header, l *Log) string {
	t.Helper()
	if n := l.Stats().Errors; n != 0 {
		t.Errorf("%d errors counted, want none: nothing failed", n)
	}
	return exportOf(t, hdr, l)
}

// A tools/call still waiting on its POST when the session closed (the
// TUI quit, exec ended): the POST mcpscope stopped waiting for failed the
// row, so Pairs drew "✗ POST error", the status bar counted an error and
// the export said post-failed, the server's failure that never was. The
// session's close ends it, and the export says so.
func TestRequestPendingClosedWithTheSession(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HoldMethod("tools/call", arrived)})
	hdr := Header{URL: srv.Endpoint(), Transport: mcp.TransportStateless}
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		callThen(ctx, t, s, arrived, ctx, func() {})
	})
	if p := toolsCall(t, l); p.State != StateClosed {
		t.Fatalf("the tools/call row is %s, want closed with the session", p.State)
	}
	out := closedExport(t, hdr, l)
	if !strings.Contains(out, "`tools/call echo`: closed") || !strings.Contains(out, "the session closed before an answer came") || strings.Contains(out, "post-failed") {
		t.Errorf("the export does not say the tools/call ended with the session:\n%s", out)
	}
}

// The same call cancelled first (ctrl+c: notifications/cancelled sent)
// still reads cancelled, however its POST's end and the close fall.
func TestRequestCancelledBeforeTheCloseStaysCancelled(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HoldMethod("tools/call", arrived)})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		callCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		ended := callThen(ctx, t, s, arrived, callCtx, cancel)
		select {
		case err := <-ended:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("the cancelled call returned %v", err)
			}
		case <-ctx.Done():
			t.Fatal("the cancelled call did not return")
		}
	})
	if p := toolsCall(t, l); p.State != StateCancelled {
		t.Fatalf("the tools/call row is %s, want cancelled", p.State)
	}
}

// A 2026-07-28 session closed with its listen stream open: Pairs and
// Detail said "open until the session closed", the export only "closed",
// which read as the server closing the stream.
func TestExportSaysListenStreamWasOpenUntilTheClose(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	hdr := Header{URL: srv.Endpoint(), Transport: mcp.TransportStateless}
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, func(ctx context.Context, s *mcp.Session) {
		s.AwaitListen(ctx) // acknowledged: the stream is open, not still being opened
	})
	listen := l.ListenPair()
	if listen == nil || listen.State != StateClosed {
		t.Fatalf("the listen row is %v, want closed with the session", listen)
	}
	var b strings.Builder
	if err := ExportMarkdown(&b, hdr, l); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, listen.ClosedWords()) || !strings.Contains(out, "open until the session closed") {
		t.Errorf("the export does not say the listen stream was open until the session closed:\n%s", out)
	}
}

// The same on the legacy HTTP+SSE transport: the server took the
// tools/call's POST (202) and had not answered on the stream when the
// session closed. The streamable call read closed; this one read pending
// for ever, "waiting" in a replay and in the export of the recording.
func TestLegacyRequestAcceptedThenClosedWithTheSession(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "tools/call" {
			c.After(func() { arrived <- struct{}{} }) // accepted with 202, never answered
			return
		}
		c.Default()
	}})
	hdr := Header{URL: srv.SSEURL(), Transport: mcp.TransportSSE}
	l := logOf(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE}, func(ctx context.Context, s *mcp.Session) {
		initialize(t, ctx, s)
		callThen(ctx, t, s, arrived, ctx, func() {
			// A ping answered after it: the call's 202 is in by then.
			if _, err := s.Request(ctx, "ping", nil); err != nil {
				t.Fatal(err)
			}
		})
	})
	if p := toolsCall(t, l); p.State != StateClosed {
		t.Fatalf("the tools/call row is %s, want closed with the session", p.State)
	}
	if out := closedExport(t, hdr, l); !strings.Contains(out, "`tools/call echo`: closed") || !strings.Contains(out, "the session closed before an answer came") {
		t.Errorf("the export does not say the tools/call ended with the session:\n%s", out)
	}
}
