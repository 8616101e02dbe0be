//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// Quitting while another mcpscope holds the history's lock and a save of
// this run already waits on it ends within about historyQuitWait, saying
// what was not saved: the save's own 10 s wait held the file, then
// quitting waited 10 s more, and the TUI took 20 s to give the shell back.
func TestHistoryQuitEndsABackgroundSavesLongWait(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	h := loadHistory(path)
	held, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if err := flock.TryExclusive(held); err != nil {
		t.Fatal(err)
	}
	save := h.add("tools/call echo")
	saved := make(chan any, 1)
	go func() { saved <- save() }() // the background save, waiting on the lock
	start := time.Now()
	err = h.finish()
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("quitting took %s behind a held lock, want about %s", took, historyQuitWait)
	}
	if err == nil || !strings.Contains(err.Error(), "not saved") || !strings.Contains(err.Error(), "tools/call echo") {
		t.Errorf("finish = %v, want it to say the history was not saved and the line it lacks", err)
	}
	select {
	case <-saved:
	case <-time.After(15 * time.Second):
		t.Errorf("the background save still waits after quitting")
	}
}
