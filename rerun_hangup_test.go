package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// SIGHUP (the terminal closed) during `replay --against` killed it at
// once: no results, the server's session never ended. It now stops as
// SIGINT does: 130, the server told of the cancelled request.
func TestRerunCleansUpOnAHangup(t *testing.T) {
	if rerunInChild(t) { // the signal goes to the whole process
		return
	}
	stateDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// A recording that holds a call of the slow tool, answered: the
	// re-run waits for the live answer until the hangup. (A recording
	// of a call cancelled at once was re-run cancelling it as soon, and
	// could end before the signal came.)
	var release func()
	url, release := heldToolCall(t, func(*mcptest.Exchange) { release() })
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", path, "--transport", "streamable", url, "tools/call slow"); code != 0 {
		t.Fatalf("recording the slow call: exit %d\n%s", code, errOut)
	}

	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	done := make(chan int, 1)
	go func() {
		_, _, code := run(t, "replay", path, "--against", srv.Endpoint())
		done <- code
	}()
	hangupDuringCall(t, ctx, srv, done, "replay --against")
}
