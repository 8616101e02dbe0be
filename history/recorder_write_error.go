package history

import (
	"cmp"
	"errors"
	"fmt"
	"syscall"

	"github.com/mcpscope/mcpscope/internal/pathcause"
)

// writeError is a write to a recording that failed mid-session (a full
// disk, a quota, a file size limit). It says the cause once (the
// *fs.PathError under it named the path a second time), that what was
// written before is kept, and what to do: the user reads it while the
// session goes on, and only "no space left on device" left them to guess
// whether anything was saved.
type writeError struct {
	path string
	// elsewhere is how the running command records to another place
	// (RecordOptions.Elsewhere): the advice names only what it takes.
	elsewhere string
	err       error
}

func (e *writeError) Error() string {
	cause := pathcause.Of(e.err, e.path)
	todo := "record elsewhere next time (" + cmp.Or(e.elsewhere, "MCPSCOPE_STATE_DIR=DIR") + ")"
	if errors.Is(cause, syscall.ENOSPC) || errors.Is(cause, syscall.EDQUOT) {
		todo = "free space there, or " + todo
	}
	return fmt.Sprintf("recording: cannot write to %s: %v; the records before are kept, the rest of the session is not recorded: %s", e.path, cause, todo)
}

// Unwrap gives the write's own error, for errors.Is and the proxy's report,
// which names its cause beside the path.
func (e *writeError) Unwrap() error { return e.err }
