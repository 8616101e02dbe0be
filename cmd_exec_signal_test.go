package main

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// SIGINT while a call waits stops exec promptly with 130, and the server is
// told the request was cancelled before exec goes.
func TestExecStopsOnASignal(t *testing.T) {
	if rerunInChild(t) { // the signal goes to the whole process
		return
	}
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, code := run(t, "exec", "--transport", "streamable", srv.Endpoint(), "tools/call slow")
		done <- result{out, errOut, code}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "tools/call" }); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-done:
		if r.code != exitInterrupted || time.Since(start) > 2*time.Second {
			t.Errorf("exit %d after %s, want 130 within a second or so\n%s\n%s", r.code, time.Since(start), r.out, r.errOut)
		}
		if strings.Contains(r.errOut, "recorded to") && !strings.Contains(r.errOut, ".jsonl") {
			t.Errorf("stderr %q", r.errOut)
		}
	case <-ctx.Done():
		t.Fatal("exec did not stop on SIGINT")
	}
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "notifications/cancelled" }); err != nil {
		t.Errorf("the server was not told of the cancellation: %v", err)
	}
}
