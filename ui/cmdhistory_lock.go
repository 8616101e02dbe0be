package ui

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/mcpscope/mcpscope/internal/flock"
)

// lockHistory holds an exclusive advisory lock on the history's sidecar
// lock file (path + ".lock") until unlock is called: two mcpscopes saving
// at the same instant each read the file, appended their line and renamed
// over it, and the later rename dropped the other's line. The lock is on
// a file of its own because the history itself is replaced by a rename,
// and a lock on the replaced file would guard nothing. It waits for the
// other save until until, and says wait when another still holds it then.
// Where flock is not available, saves of one process are still ordered
// by historyFile's turn.
func lockHistory(path string, until time.Time, wait time.Duration) (unlock func(), err error) {
	lockPath := path + ".lock"
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("saving command history: cannot open its lock file: %w", err)
	}
	if err := flock.ExclusiveWithin(f, time.Until(until)); err != nil {
		_ = f.Close()
		if errors.Is(err, flock.ErrHeld) {
			return nil, lockHeld(path, wait)
		}
		return nil, fmt.Errorf("saving command history: cannot lock %s: %w", lockPath, err)
	}
	// Closing the file releases the lock.
	return func() { _ = f.Close() }, nil
}

// lockHeld is the error of a save that waited wait for the history's lock
// (path's) in vain.
func lockHeld(path string, wait time.Duration) error {
	lockPath := path + ".lock"
	return fmt.Errorf("command history not saved: another process held its lock %s for over %s (an mcpscope stopped or hung while saving it; fuser -v %s names it)", lockPath, wait, lockPath)
}

// historyLockWait is how long a save waits for another's lock on the
// history before it says the other is stuck. A save holds it for
// milliseconds, but for seconds on a loaded machine or a busy disk (it
// syncs the file); the wait is in the background, so a long one costs
// nothing but a late word about a hung mcpscope.
const historyLockWait = 10 * time.Second
