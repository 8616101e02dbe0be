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
// other save, which only reads and writes a small file. Where flock is not
// available, saves of one process are still ordered by historyFile's
// mutex. It gives up once deadline() has passed, saying how long since
// start the save waited.
func lockHistory(path string, start time.Time, deadline func() time.Time) (unlock func(), err error) {
	lockPath := path + ".lock"
	f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("saving command history: cannot open its lock file: %w", err)
	}
	if err := flock.ExclusiveBy(f, deadline); err != nil {
		_ = f.Close()
		if errors.Is(err, flock.ErrHeld) {
			return nil, fmt.Errorf("command history not saved: another process held its lock %s for over %s (an mcpscope stopped or hung while saving it; fuser -v %s names it)", lockPath, time.Since(start).Round(100*time.Millisecond), lockPath)
		}
		return nil, fmt.Errorf("saving command history: cannot lock %s: %w", lockPath, err)
	}
	// Closing the file releases the lock.
	return func() { _ = f.Close() }, nil
}

// historyLockWait is how long a save waits for another's lock on the
// history before it says the other is stuck. A save holds it for
// milliseconds, but for seconds on a loaded machine or a busy disk (it
// syncs the file); the wait is in the background, so a long one costs
// nothing but a late word about a hung mcpscope.
const historyLockWait = 10 * time.Second

// historyQuitWait is how long quitting waits for the lock, a background
// save's wait included: the user is waiting for their shell, and a line
// not saved is said on stderr with the lines it lacks, so nothing is lost
// without a word.
const historyQuitWait = time.Second

// historyFinishWait bounds the quit's save as a whole: the lock's wait
// (historyQuitWait) and then the disk's answers.
const historyFinishWait = 2 * time.Second

// lockDeadline is when a save begun at start gives up on the lock:
// historyLockWait after it, or sooner once the TUI quits (quitBy).
func (f *historyFile) lockDeadline(start time.Time) func() time.Time {
	return func() time.Time {
		d := start.Add(historyLockWait)
		if q := f.quitBy.Load(); q != 0 && q < d.UnixNano() {
			return time.Unix(0, q)
		}
		return d
	}
}
