//go:build unix

package ui

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO where the command history should be does not hang the start of
// the TUI (reading it waited for a writer forever): the history is not
// kept, and the reason says what the path is.
func TestHistoryThatIsAFIFODoesNotHang(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	done := make(chan *cmdHistory, 1)
	go func() { done <- loadHistory(path) }()
	select {
	case h := <-done:
		if h.loadErr == nil || !strings.Contains(h.loadErr.Error(), "named pipe") || h.file != nil {
			t.Errorf("loadErr %v, file %v; want the history not kept, saying the path is a named pipe", h.loadErr, h.file)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("loading a FIFO as the command history hung")
	}
}
