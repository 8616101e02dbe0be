//go:build linux

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The TUI whose recording another program removed while it ran says the
// recording is incomplete, never "session recorded to", and exits 1 as
// exec does for a recording that failed. Before, it said so and exited 0.
func TestTUIExitsFailedWhenItsRecordingWasLost(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	path := filepath.Join(t.TempDir(), "lost.jsonl")
	// A dumb terminal is asked nothing: nobody answers this one.
	r := startOnPTY(t, "dumb", srv.SSEURL(), "--record", path)
	started := func() bool {
		fi, err := os.Stat(path)
		return err == nil && fi.Size() > 0
	}
	if !pollFor(started) {
		t.Fatal("the TUI did not start its recording within 10s")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	err := r.quit(t)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitFailed {
		t.Errorf("the TUI exited with %v, want status %d for a recording that was lost", err, exitFailed)
	}
	text := r.out.String()
	// The terminal ends lines with \r\n: the path starts a line of its own.
	if !strings.Contains(text, "the recording is incomplete (") || !strings.Contains(text, "\n  "+path) || !strings.Contains(text, "removed while it was written") || strings.Contains(text, "recorded to") {
		t.Errorf("the TUI does not say its recording was lost:\n%q", text[max(0, len(text)-600):])
	}
}
