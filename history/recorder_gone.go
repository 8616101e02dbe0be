package history

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// What was written can be gone while the file is open: another program
// can remove the recording, rename another file over it, or cut it short.
// Writes to the open file still succeed, so without a look at the end the
// user would be told the session was recorded to a path that holds
// something else, or nothing.
//
// The look (stillThere) stats the file and its path and reads the header:
// a round trip each on NFS, and a hung mount answers none. It runs off
// r.mu, one at a time, so that Write, which takes r.mu for every record,
// never waits on the file system; Close waits for it at most checkWait.

// checkWait bounds how long Close waits for the look at the file: on a
// hung mount it would wait forever.
var checkWait = 5 * time.Second

// statPath is os.Stat, for the look at the recording's path; tests make it
// hang as a hung mount does.
var statPath = os.Stat

// startCheck starts a look at the file, whose verdict takeVerdict, called
// by the look itself as it ends or by Close, records. r.mu is held, no
// look is in flight and everything is flushed.
func (r *Recorder) startCheck() {
	verdict := make(chan error, 1)
	r.checking = verdict
	written := r.written.Load()
	go func() {
		verdict <- r.stillThere(written)
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.checking == verdict && !r.closed { // Close has not taken it, nor given up on it
			r.takeVerdict(nil)
		}
	}()
}

// takeVerdict records the verdict of the look in flight, waiting for it
// until timeout fires (nil: without a bound); false when it did not come.
// r.mu is held.
func (r *Recorder) takeVerdict(timeout <-chan time.Time) bool {
	if r.checking == nil {
		return true
	}
	select {
	case err := <-r.checking:
		r.checking = nil
		var c *Caveat
		if errors.As(err, &c) {
			// Not a failure: the records are written, and the writes go on.
			r.note = c
		} else if err != nil {
			r.fail(err)
		}
		return true
	case <-timeout:
		return false
	}
}

// lastCheck is Close's look at the file: it waits for the look in flight,
// whose verdict would otherwise be lost, then looks at what Close flushed,
// both within checkWait. r.mu is held.
func (r *Recorder) lastCheck() {
	timeout := time.NewTimer(checkWait)
	defer timeout.Stop()
	if r.takeVerdict(timeout.C) && r.err == nil {
		// What an earlier look noted may be mended since: this look says.
		r.note = nil
		r.startCheck()
		if r.takeVerdict(timeout.C) {
			return
		}
	}
	if r.checking != nil && r.err == nil {
		// The look stays out until the file system answers (one per
		// recorder: none starts while it is); its verdict is dropped.
		r.note = uncheckedCaveat(r.path, checkWait)
	}
}

// stillThere reports a recording whose path no longer names the file
// written, or whose file is shorter than written, the bytes flushed to it
// before the look began.
func (r *Recorder) stillThere(written int64) error {
	mine, err := r.f.Stat()
	if err != nil {
		return fmt.Errorf("recording: cannot check %s: %w", r.path, err)
	}
	there, err := statPath(r.path)
	switch {
	case (err == nil && !os.SameFile(mine, there) || errors.Is(err, fs.ErrNotExist)) && stillLinked(mine) && !sillyRenamed(r.f):
		// Renamed away (by the user, or a rotation that renames): the
		// records are in the file under its new name, and "gone" sent
		// the user to look for them nowhere.
		return fmt.Errorf("recording: %s was moved or renamed while it was written; the records before are kept in it under its new name, the rest of the session is not recorded", r.path)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("recording: %s was removed while it was written; the records are gone", r.path)
	case errors.Is(err, fs.ErrPermission):
		// Its directory made unsearchable: the file is the one written
		// as far as is known, and no one can read it by its name.
		return unreadableCaveat(r.path, err)
	case err != nil:
		return fmt.Errorf("recording: cannot check %s: %w", r.path, err)
	case !os.SameFile(mine, there):
		return fmt.Errorf("recording: %s was replaced by another file while it was written (another was renamed or moved to its name); the records are gone", r.path)
	}
	// The path names the file written: is it whole, and still readable?
	head, unread := r.headThere()
	switch {
	case mine.Size() < written || !head:
		return fmt.Errorf("recording: %s was cut short while it was written (emptied, or truncated); records are missing from it", r.path)
	case unread != nil:
		return unreadableCaveat(r.path, unread)
	}
	return nil
}

// sillyRenamed reports an open file an NFS client renamed to .nfs and hex
// digits as it was removed: the client keeps a removed file that is still
// open under such a name, and deletes it when the last holder closes it,
// so its still having a name did not mean the records were kept. Known
// where /proc/self/fd names open files (Linux); false elsewhere.
func sillyRenamed(f *os.File) bool {
	sc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var name string
	sc.Control(func(fd uintptr) {
		name, err = os.Readlink("/proc/self/fd/" + strconv.FormatUint(uint64(fd), 10))
	})
	if err != nil {
		return false
	}
	digits, ok := strings.CutPrefix(filepath.Base(name), ".nfs")
	return ok && digits != "" && strings.Trim(digits, "0123456789abcdefABCDEF") == ""
}

// headThere reports whether the file still starts with the header line
// written: a file emptied while it was written and then written on past
// the cut is its old size again, but starts with zeros. unread is the
// refusal of a file the user may no longer read (its permissions changed).
func (r *Recorder) headThere() (head bool, unread error) {
	f, err := os.Open(r.path)
	if errors.Is(err, fs.ErrPermission) {
		return true, err // what cannot be read is not known to be cut
	}
	if err != nil {
		return true, nil
	}
	defer f.Close()
	b := make([]byte, len(r.head))
	if _, err := f.ReadAt(b, 0); err != nil {
		return false, nil
	}
	return bytes.Equal(b, r.head), nil
}
