package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// SIGHUP (the terminal closed, the ssh connection dropped) while a call
// waits ends exec as SIGINT does: the server is told, and the recording is
// closed with its last records. exec died at once, the recording short of
// its end and the session never ended.
func TestExecCleansUpOnAHangup(t *testing.T) {
	if rerunInChild(t) { // the signal goes to the whole process
		return
	}
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	path := filepath.Join(t.TempDir(), "s.jsonl")
	done := make(chan int, 1)
	go func() {
		_, _, code := run(t, "exec", "--record", path, "--transport", "streamable", srv.Endpoint(), "tools/call slow")
		done <- code
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	hangupDuringCall(t, ctx, srv, done, "exec")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(raw), []byte("\n"))
	if last := lines[len(lines)-1]; !bytes.Contains(last, []byte(`"closed by mcpscope"`)) {
		t.Errorf("the recording ends with %s, want its closing record", last)
	}
}
