package history

import (
	"errors"
	"fmt"
	"os"

	"github.com/mcpscope/mcpscope/internal/flock"
)

// heldByAnother reports whether a process (this one included, through
// another open file) holds path's recording lock: it is still being
// recorded.
func heldByAnother(path string) bool { return flock.Held(path) }

// lockFile takes an exclusive lock on a recording for as long as f is open,
// so a second mcpscope recording to the same file fails at once instead of
// interleaving its lines with the first one's.
func lockFile(f *os.File, path string) error {
	err := flock.TryExclusive(f)
	if errors.Is(err, flock.ErrHeld) {
		return fmt.Errorf("recording: another mcpscope is already recording to %s", path)
	}
	if err != nil {
		return fmt.Errorf("recording: cannot lock %s: %w", path, err)
	}
	return nil
}
