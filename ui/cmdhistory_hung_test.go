package ui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Quitting while a save of the history is stuck on a disk that stopped
// answering (an NFS home gone: the open of the lock file, the write or
// the sync never returns, and the save holds the file's mutex) gives the
// shell back within historyFinishWait, saying the disk did not answer
// and the line typed this run it could not save. The quit waited on that
// save for ever.
func TestQuitSaveGivesUpOnADiskThatDoesNotAnswer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	h := loadHistory(path)
	if h.add("tools/call echo text=kept") == nil {
		t.Fatal("no save for the line typed")
	}
	// The stuck save: it holds the mutex, as write does through all of
	// its I/O, until the test ends.
	h.file.mu.Lock()
	unstuck := false
	unstick := func() {
		if !unstuck {
			unstuck = true
			h.file.mu.Unlock()
		}
	}
	defer unstick()
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- h.finish() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(historyFinishWait + 5*time.Second):
		t.Fatalf("the quit's save had not given up %s after it began", time.Since(start))
	}
	if err == nil {
		t.Fatal("the quit's save on a disk that does not answer reported nothing")
	}
	for _, want := range []string{"command history not saved to " + path + ": the disk did not answer within 2s", "\n    tools/call echo text=kept"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the quit says\n%s\nwant %q", err, want)
		}
	}
	// The save the quit stopped waiting for goes on once the disk
	// answers: it ends before the test's directory is removed.
	unstick()
	for deadline := time.Now().Add(10 * time.Second); h.file.flushed.Load() != h.addedTotal; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the save the quit stopped waiting for never ended")
		}
	}
	h.file.mu.Lock() // its unlock of the lock file is past
	h.file.mu.Unlock()
}

// writesSeen hands each write to the test as it comes, for it to wait on
// what quitting says, in order.
type writesSeen chan string

func (w writesSeen) Write(p []byte) (int, error) {
	w <- string(p)
	return len(p), nil
}

// Quitting while the history's save is stuck on a disk that stopped
// answering says, once the wait is noticeable, that it saves the command
// history, and then that the disk did not answer: the prompt came back
// after 2 s of silence, and the quit looked hung.
func TestQuitSaysItSavesTheHistoryOnADiskThatDoesNotAnswer(t *testing.T) {
	h := loadHistory(filepath.Join(t.TempDir(), "history"))
	if h.add("tools/call echo text=kept") == nil {
		t.Fatal("no save for the line typed")
	}
	h.file.mu.Lock() // the stuck save, as above
	said := make(writesSeen, 4)
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.quit(said, 0)
	}()
	next := func() string {
		t.Helper()
		select {
		case s := <-said:
			return s
		case <-time.After(historyFinishWait + 5*time.Second):
			t.Fatal("the quit said nothing more")
		}
		return ""
	}
	if got, want := next(), "mcpscope: saving the command history…\n"; got != want {
		t.Errorf("the quit said first %q, want %q", got, want)
	}
	if got := next(); !strings.Contains(got, "the disk did not answer within 2s") {
		t.Errorf("the quit said next %q, want that the disk did not answer", got)
	}
	<-done
	if len(said) != 0 {
		t.Errorf("the quit said more: %q", <-said)
	}
	h.file.mu.Unlock()
	for deadline := time.Now().Add(10 * time.Second); h.file.flushed.Load() != h.addedTotal; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the save the quit stopped waiting for never ended")
		}
	}
	h.file.mu.Lock() // its unlock of the lock file is past
	h.file.mu.Unlock()
}

// A quit whose save of the history is quick says nothing of it.
func TestQuitSaysNothingOfAQuickHistorySave(t *testing.T) {
	h := loadHistory(filepath.Join(t.TempDir(), "history"))
	if h.add("tools/call echo text=kept") == nil {
		t.Fatal("no save for the line typed")
	}
	said := make(writesSeen, 4)
	h.quit(said, 0)
	if len(said) != 0 {
		t.Errorf("a quick save said %q", <-said)
	}
}
