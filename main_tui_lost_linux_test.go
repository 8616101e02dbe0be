//go:build linux

package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The TUI whose recording another program removed while it ran says the
// recording is incomplete, never "session recorded to", and exits 1 as
// exec does for a recording that failed. Before, it said so and exited 0.
func TestTUIExitsFailedWhenItsRecordingWasLost(t *testing.T) {
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build mcpscope with")
	}
	bin := filepath.Join(t.TempDir(), "mcpscope")
	if out, err := exec.Command(gotool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	srv := mcptest.New(t, mcptest.Options{})
	path := filepath.Join(t.TempDir(), "lost.jsonl")
	ptmx, pts := openPTY(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, srv.SSEURL(), "--record", path)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	// A dumb terminal is asked nothing: nobody answers this one.
	cmd.Env = append(os.Environ(), "TERM=dumb", "MCPSCOPE_STATE_DIR="+t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pts.Close()
	var out bytes.Buffer
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(&out, ptmx)
		close(copied)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the TUI did not start its recording within 10s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, err := ptmx.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	<-copied
	if ctx.Err() != nil {
		t.Fatalf("the TUI did not quit within 30s: %q", out.String())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitFailed {
		t.Errorf("the TUI exited with %v, want status %d for a recording that was lost", err, exitFailed)
	}
	text := out.String()
	if !strings.Contains(text, "the recording "+path+" is incomplete") || !strings.Contains(text, "was removed") || strings.Contains(text, "recorded to") {
		t.Errorf("the TUI does not say its recording was lost:\n%q", text[max(0, len(text)-600):])
	}
}
