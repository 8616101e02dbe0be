//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package history

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// heldByAnother reports whether a process (this one included, through
// another open file) holds path's recording lock: it is still being
// recorded.
func heldByAnother(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	return errors.Is(err, syscall.EWOULDBLOCK)
}

// lockFile takes an exclusive lock on a recording for as long as f is open,
// so a second mcpscope recording to the same file fails at once instead of
// interleaving its lines with the first one's.
func lockFile(f *os.File, path string) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return fmt.Errorf("recording: another mcpscope is already recording to %s", path)
	}
	if err != nil {
		return fmt.Errorf("recording: cannot lock %s: %w", path, err)
	}
	return nil
}
