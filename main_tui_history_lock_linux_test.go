//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/flock"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Another process holds the command history's lock and never lets go (an
// mcpscope stopped with SIGSTOP while saving): the TUI still quits at
// once, and says on stderr that the history was not saved, why, and the
// commands it lacks. The save waited on the lock for ever, and quitting
// dropped the line typed without a word.
func TestTUIQuitSaysTheHistoryWasNotSavedWhenItsLockIsHeld(t *testing.T) {
	state := t.TempDir()
	lockPath := filepath.Join(state, "history.lock")
	lock, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := flock.Exclusive(lock); err != nil {
		t.Fatal(err)
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	r := startOnPTYIn(t, "dumb", state, srv.Endpoint())
	// What the user waits for before typing: the status bar saying the
	// session is open. The server's notifications/initialized came while
	// detection was still opening the session, which refused the command.
	if !pollFor(func() bool { return strings.Contains(r.out.String(), "● initialized") }) {
		t.Fatalf("the TUI did not say its session was open within 10s: %q", r.out.String())
	}
	r.typeKeys(t, ":")
	r.typeKeys(t, "tools/list\r")
	sent := func() bool {
		for _, q := range srv.Requests() {
			if q.Is("tools/list") {
				return true
			}
		}
		return false
	}
	if !pollFor(sent) {
		t.Fatalf("the typed tools/list was not sent within 10s: %q", r.out.String())
	}
	start := time.Now()
	_ = r.quit(t)
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("quitting took %s with the history's lock held", took)
	}
	text := r.out.String()
	if !strings.Contains(text, "command history not saved") || !strings.Contains(text, lockPath) || !strings.Contains(text, "    tools/list") {
		t.Errorf("the TUI does not say the history was not saved, why and what it lacks:\n%q", text[max(0, len(text)-800):])
	}
	if _, err := os.Stat(filepath.Join(state, "history")); err == nil {
		t.Errorf("the history was written while another held its lock")
	}
}
