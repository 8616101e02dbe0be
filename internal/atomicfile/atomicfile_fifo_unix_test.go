//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO that nothing reads, named itself or through a link, is refused
// at once with ErrNoReader, where opening it waited for a reader forever.
func TestAFIFOThatNothingReadsIsRefusedAtOnce(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, link} {
		done := make(chan error, 1)
		go func() {
			f, err := Create(path, true)
			if err == nil {
				f.Abort()
			}
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNoReader) {
				t.Errorf("Create(%s): %v, want ErrNoReader", path, err)
			}
		case <-time.After(10 * time.Second):
			if f, err := os.Open(fifo); err == nil {
				f.Close()
			}
			t.Fatalf("Create(%s) waited for a reader", path)
		}
	}
}
