//go:build unix

package main

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Ctrl+c while the proxy's TUI quits, waiting on the DELETE ending
// its own session, cuts the wait short and says so, the session's records ending
// for its recording to close: it killed the proxy mid-wait, every
// recording without its end.
func TestProxyQuitCtrlCLeavesTheWait(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	held := mcptest.NewStreamable(t, mcptest.StreamableOptions{DeleteAfter: time.Minute})
	sess, last := initializedSession(ctx, t, held)
	errw := &syncBuffer{}
	s := &proxySessions{errw: errw, own: []*mcp.Session{sess}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Longer than the test takes: only ctrl+c ends it in time.
		s.closeOwn(time.Minute)
	}()
	// The note is said once closeOwn listens for ctrl+c.
	for !strings.Contains(errw.String(), "ctrl+c leaves now") {
		select {
		case <-errw.changed():
		case <-ctx.Done():
			t.Fatalf("the quit never said ctrl+c leaves; it said %q", errw.String())
		}
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("the quit went on waiting after ctrl+c")
	}
	endsClosed(ctx, t, last)
	if said := errw.String(); !strings.Contains(said, "did not answer the DELETE ending its session (or a call's cancellation) before ctrl+c: stopped waiting") {
		t.Errorf("the quit said %q, want that it stopped waiting before ctrl+c", said)
	}
}
