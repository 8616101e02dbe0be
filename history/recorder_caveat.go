package history

import (
	"fmt"
	"time"

	"github.com/mcpscope/mcpscope/internal/pathcause"
)

// Caveat is what Close returns when the records are all written and synced
// but something about the file is for the user to know: it can no longer
// be read by them, or it could not be checked in time. It is no failure
// (a command exits as if recorded), as the records are whole; reporting
// it as one failed a CI job recording to a slow NFS mount whose writes
// and fsync had succeeded, and calling the file fine said nothing of a
// replay that will be refused.
type Caveat struct{ msg string }

// Error says what the user should know of the recording.
func (c *Caveat) Error() string { return c.msg }

// unreadableCaveat is the caveat of a recording the user can no longer open:
// its permissions (or its directory's) were changed while it was written.
// The writes went on through the open file, so the records are there, but
// replay and export would be refused.
func unreadableCaveat(path string, err error) *Caveat {
	return &Caveat{fmt.Sprintf("recording: the records are in %s, but it can no longer be read by you (%v: its permissions, or its directory's, were changed while it was written); give yourself read permission again (chmod u+r) to replay or export it", path, pathcause.Of(err, path))}
}

// uncheckedCaveat is the caveat of a recording whose file system did not answer
// the look at the file within wait: the records were written and synced
// (the sync answered), only whether another program removed, replaced or
// cut the file meanwhile is not known.
func uncheckedCaveat(path string, wait time.Duration) *Caveat {
	return &Caveat{fmt.Sprintf("recording: the records were written to %s and synced, but the file could not be checked within %v (its file system did not answer): whether another program removed, replaced or cut it while it was written is not known", path, wait)}
}

// closeErr is what Close returns: the recording's error, or else the
// caveat of the last look at its file. r.mu is held.
func (r *Recorder) closeErr() error {
	if r.err != nil {
		return r.err
	}
	if r.note != nil {
		return r.note
	}
	return nil
}
