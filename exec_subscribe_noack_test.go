package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server that opens the listen stream but never acknowledges it:
// exec says the subscription was not acknowledged and what that means, in
// the words of the TUI's Listen line, and exits 1. Before, it printed
// "subscribed to demo://readme", as if the server had taken the URI.
func TestExecSubscribeNotAcknowledged(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.ListenWithoutAck})
	out, errOut, code := run(t, "exec", "--no-record", "--timeout", "300ms", srv.Endpoint(), "subscribe demo://readme")
	if code != exitFailed || strings.Contains(out, "subscribed to demo://readme") ||
		!strings.Contains(out, "the server did not acknowledge the listen stream carrying demo://readme within 300ms: the subscription stands as asked, but the server may send no notifications/resources/updated for it") {
		t.Errorf("exec subscribe without an acknowledgement: exit %d, want %d and the Listen line's words\n%s\n%s", code, exitFailed, out, errOut)
	}
}

// The user's own subscriptions/listen that the server never acknowledges
// is closed, and the advice says to listen again: it said updates "may
// still come on the listen stream" that had just been closed.
func TestExecOwnListenNotAcknowledgedAdvice(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.ListenWithoutAck})
	out, errOut, _ := run(t, "exec", "--no-record", "--timeout", "300ms", srv.Endpoint(), "subscriptions/listen")
	all := out + errOut
	if !strings.Contains(all, "did not acknowledge subscriptions/listen within 300ms: the stream was closed") || !strings.Contains(all, "listen again") || strings.Contains(all, "may still come") {
		t.Errorf("an own listen never acknowledged:\n%s\n%s", out, errOut)
	}
}
