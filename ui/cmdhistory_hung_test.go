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
