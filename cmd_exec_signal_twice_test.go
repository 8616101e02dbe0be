package main

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// One interrupt delivered twice at once (`timeout -s INT` signals exec and
// then its process group; here a SIGINT and a SIGTERM, which never merge
// into one) is one interrupt: exec cancels the call on the wire, ends the
// session and closes its recording, 130. It took the second for another
// ctrl+c and stopped at once, saying "cleaning up took too long", the
// server never told and the recording without its end.
func TestExecSignalDeliveredTwiceCleansUp(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	recording := filepath.Join(t.TempDir(), "session.jsonl")
	cmd, ended, stderr, ctx := execUntil(t, srv, "tools/call", "exec", "--transport", "streamable", "--no-get-stream", "--record", recording, srv.Endpoint(), "tools/call slow")
	// Sent to a running process one after the other, a loaded machine can
	// put more than oneInterrupt between them (the test descheduled
	// between the two), which is a second ctrl+c. Stopped, exec holds both
	// until SIGCONT and then has them at once, as from timeout(1).
	for _, sig := range []syscall.Signal{syscall.SIGSTOP, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCONT} {
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
	}
	interruptedCleanly(t, ctx, cmd, ended, stderr, recording)
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "notifications/cancelled" }); err != nil {
		t.Errorf("the server was not told of the cancellation: %v", err)
	}
}
