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
	held := holdLock(t, path+".lock")
	// The other save's lock, held longer than a second, then let go.
	release := time.AfterFunc(2*time.Second, func() { _ = held.Close() })
	defer release.Stop()
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

// Quitting while another mcpscope holds the history's lock (stopped or
// hung mid-save) gives the shell back within historyQuitWait, with the words
// that say why and the line typed this run it could not save, even with
// this run's own save still waiting in the background: the quit waited
// the background's 10 s, then 10 s more of its own, saying nothing.
func TestQuitSaveHeldByAnotherRunGivesUpSoonAndListsTheLine(t *testing.T) {
	h, held, background := saveBehindHeldLock(t)
	start := time.Now()
	err := h.finish()
	took := time.Since(start)
	if err == nil {
		t.Fatal("the quit's save behind a held lock reported nothing")
	}
	for _, want := range []string{"another process held its lock", "fuser -v", "tools/call echo text=kept"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the quit says\n%s\nwant %q", err, want)
		}
	}
	if took > historyQuitWait+3*time.Second {
		t.Errorf("the quit waited %s for a lock another run held, want about %s", took, historyQuitWait)
	}
	_ = held.Close()
	if msg := <-background; msg != nil {
		t.Logf("the background save: %v", saveErr(msg))
	}
}

// holdLock holds the flock on path (created if need be) as another
// mcpscope would, until the test closes the file it returns, or ends.
func holdLock(t *testing.T, path string) *os.File {
	t.Helper()
	held, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = held.Close() })
	if err := flock.TryExclusive(held); err != nil {
		t.Fatal(err)
	}
	return held
}

// Quitting behind this run's own background save, which waits on a lock
// another run holds, says how long the quit waited, not how long after
// the background save gave up it tried once: "held its lock for over
// 0s" read as a lock that was free.
func TestQuitBehindABackgroundSaveSaysHowLongItWaited(t *testing.T) {
	h, held, background := saveBehindHeldLock(t)
	// Wait until the background save holds the file's mutex (it waits on
	// the lock under it).
	for deadline := time.Now().Add(5 * time.Second); h.file.mu.TryLock(); {
		h.file.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatal("the background save never began")
		}
		time.Sleep(time.Millisecond)
	}
	err := h.finish()
	if err == nil {
		t.Fatal("the quit's save behind a held lock reported nothing")
	}
	if !strings.Contains(err.Error(), "for over 1s") {
		t.Errorf("the quit says\n%s\nwant it held the lock for over 1s", err)
	}
	_ = held.Close()
	<-background
}

// saveBehindHeldLock is a history whose lock another mcpscope holds (held)
// and a save of a line typed into it begun in the background, whose
// message comes on background.
func saveBehindHeldLock(t *testing.T) (h *cmdHistory, held *os.File, background chan any) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "history")
	h = loadHistory(path)
	held = holdLock(t, path+".lock")
	save := h.add("tools/call echo text=kept")
	background = make(chan any, 1)
	go func() { background <- save() }()
	return h, held, background
}
