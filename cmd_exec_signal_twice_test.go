package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// One interrupt delivered twice at once (`timeout -s INT` signals exec and
// then its process group; here a SIGINT and a SIGTERM, which never merge
// into one) is one interrupt: exec cancels the call on the wire, ends the
// session and closes its recording, 130. It took the second for another
// ctrl+c and stopped at once, saying "cleaning up took too long", the
// server never told and the recording without its end.
func TestExecSignalDeliveredTwiceCleansUp(t *testing.T) {
	bin := builtBinary(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	recording := filepath.Join(t.TempDir(), "session.jsonl")
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "exec", "--transport", "streamable", "--no-get-stream", "--record", recording, srv.Endpoint(), "tools/call slow")
	cmd.Env = childEnv(t, "MCPSCOPE_STATE_DIR="+t.TempDir())
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ended := make(chan error, 1)
	go func() { ended <- cmd.Wait() }()
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "tools/call" }); err != nil {
		_ = cmd.Process.Kill()
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
	}
	var err error
	select {
	case err = <-ended:
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		t.Fatal("exec did not stop on SIGINT")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("exec ended with %v, want exit 130\n%s", err, stderr.String())
	}
	if strings.Contains(stderr.String(), "so it stopped") {
		t.Errorf("exec stopped before cleaning up:\n%s", stderr.String())
	}
	if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.RPCMethod == "notifications/cancelled" }); err != nil {
		t.Errorf("the server was not told of the cancellation: %v", err)
	}
	recs := readRecording(t, recording)
	if len(recs) == 0 {
		t.Fatal("the recording holds nothing")
	}
	if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed {
		t.Errorf("the recording ends with %+v, want the session's close", last)
	}
}
