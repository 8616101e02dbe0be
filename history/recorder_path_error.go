package history

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/mcpscope/mcpscope/internal/pathcause"
)

// fileError is a recording's file or directory that could not be made or
// used: "recording: cannot create P: permission denied", where the
// *fs.PathError under it named P a second time ("open P: ...").
type fileError struct {
	what string // what could not be done, "create"
	path string
	err  error
}

func (e *fileError) Error() string {
	return fmt.Sprintf("recording: cannot %s %s: %v", e.what, e.path, pathcause.Of(e.err, e.path))
}

// Unwrap gives the error underneath, for errors.Is and errors.As.
func (e *fileError) Unwrap() error { return e.err }

// dirError is MkdirAll's failure to make the directory of a recording: the
// directory it could not make, named once.
func dirError(dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		dir = pe.Path
	}
	return &fileError{"create the directory", dir, err}
}
