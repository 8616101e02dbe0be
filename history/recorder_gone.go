package history

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// What was written can be gone while the file is open: another program
// can remove the recording, rename another file over it, or cut it short.
// Writes to the open file still succeed, so without a look at the end the
// user would be told the session was recorded to a path that holds
// something else, or nothing.

// stillThere reports a recording whose path no longer names the file
// written, or whose file is shorter than what was written; r.mu is held
// and everything is flushed.
func (r *Recorder) stillThere() error {
	mine, err := r.f.Stat()
	if err != nil {
		return fmt.Errorf("recording: cannot check %s: %w", r.path, err)
	}
	there, err := os.Stat(r.path)
	switch {
	case (err == nil && !os.SameFile(mine, there) || errors.Is(err, fs.ErrNotExist)) && stillLinked(mine):
		// Renamed away (by the user, or a rotation that renames): the
		// records are in the file under its new name, and "gone" sent
		// the user to look for them nowhere.
		return fmt.Errorf("recording: %s was moved or renamed while it was written; the records before are kept in it under its new name, the rest of the session is not recorded", r.path)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("recording: %s was removed while it was written; the records are gone", r.path)
	case err != nil:
		return fmt.Errorf("recording: cannot check %s: %w", r.path, err)
	case !os.SameFile(mine, there):
		return fmt.Errorf("recording: %s was replaced by another file while it was written (another was renamed or moved to its name); the records are gone", r.path)
	case mine.Size() < r.written.Load() || !r.headThere():
		return fmt.Errorf("recording: %s was cut short while it was written (emptied, or truncated); records are missing from it", r.path)
	}
	return nil
}

// headThere reports whether the file still starts with the header line
// written: a file emptied while it was written and then written on past
// the cut is its old size again, but starts with zeros.
func (r *Recorder) headThere() bool {
	f, err := os.Open(r.path)
	if err != nil {
		return true // what cannot be read is not known to be cut
	}
	defer f.Close()
	b := make([]byte, len(r.head))
	if _, err := f.ReadAt(b, 0); err != nil {
		return false
	}
	return bytes.Equal(b, r.head)
}
