//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package ui

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/flock"
)

// A save held up by another mcpscope's save that takes seconds (its fsync
// on a busy disk, a loaded machine) waits for it and keeps its line: it
// gave up after one second with "command history not saved: another
// process held its lock", which a busy CI machine showed once in 200
// rounds of two saves at once.
func TestHistorySaveWaitsOutASlowSaveOfAnotherRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	h := loadHistory(path)
	held, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := flock.TryExclusive(held); err != nil {
		t.Fatal(err)
	}
	// The other save's lock, held longer than a second, then let go.
	release := time.AfterFunc(2*time.Second, func() { _ = held.Close() })
	defer release.Stop()
	defer held.Close()
	if msg := h.add("tools/call echo")(); msg != nil {
		t.Fatalf("saving behind a save of 2 s: %v", saveErr(msg))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if lines := historyLines(data); !slices.Contains(lines, "tools/call echo") {
		t.Errorf("history holds %q, want the line saved behind the other save", lines)
	}
}

// saveErr is the error a history save's message carries, to print.
func saveErr(msg any) any {
	if m, ok := msg.(historySaveErrMsg); ok {
		return m.err
	}
	return msg
}
