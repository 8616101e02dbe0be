// Package pathcause takes the operation and path off an error whose words
// name the path already: "cannot write P: write P: no space left on
// device" said P twice.
package pathcause

import (
	"errors"
	"io/fs"
)

// Of is err without the operation and path its *fs.PathError adds when
// that path is path, the one the message names already; err otherwise.
func Of(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return pe.Err
	}
	return err
}
