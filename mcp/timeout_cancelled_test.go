package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request that outlives --timeout is given up on, and in the 2025 eras
// the server is told so with notifications/cancelled naming it, as a
// cancel by hand does (the specification: a sender that times out SHOULD
// send one). Before, the slow tool ran on at the server with nobody
// waiting for it, as a task did before tasks/cancel went out on timeout.
func TestTimedOutRequestIsCancelled(t *testing.T) {
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{RequestTimeout: 1500 * time.Millisecond})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if CauseOf(err) != CauseTimeout {
		t.Fatalf("a call past --timeout = %v (cause %q), want a timeout", err, CauseOf(err))
	}
	call, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool { return r.RPCMethod == "tools/call" })
	if err != nil {
		t.Fatal(err)
	}
	n, err := srv.WaitRequest(testCtx(t), func(r mcptest.Request) bool { return r.RPCMethod == "notifications/cancelled" })
	if err != nil || !strings.Contains(string(n.Body), `"requestId":`+string(call.ID)) {
		t.Errorf("notifications/cancelled = %s, %v; want it to name the timed-out request %s", n.Body, err, call.ID)
	}
}
