// Package regular opens the files mcpscope reads back that must be plain
// files: recordings and theme files, named by the user or found in a
// directory. Opening a FIFO for reading waits for a writer forever, and a
// device or a directory is no file of ours, so both are refused with words
// that say what the path is.
package regular

import (
	"io"
	"io/fs"
	"os"
	"syscall"
)

// NotRegularError is a path that is not a regular file.
type NotRegularError struct {
	Path string
	Kind string // what it is instead, e.g. "a named pipe"
}

// Error says what the path is instead of a file.
func (e *NotRegularError) Error() string { return e.Path + " is " + e.Kind + ", not a regular file" }

// Open opens path for reading if it is a regular file (a symlink to one is
// fine). It opens without blocking and then checks what it opened:
// checking before opening would leave a window for the file to change.
func Open(path string) (*os.File, error) {
	return open(path, os.O_RDONLY, 0)
}

// ReadFile reads the whole of path if it is a regular file, as os.ReadFile
// does otherwise: the TUI's command history and a theme are read so.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// Create opens path for writing, creating it with perm when it does not
// exist, if it is a regular file: writing to a FIFO would wait for a reader
// forever, and a recording on a device could never be read back. It does
// not truncate (see history.Create: the file may be locked by another).
func Create(path string, perm fs.FileMode) (*os.File, error) {
	return open(path, os.O_WRONLY|os.O_CREATE, perm)
}

// open opens path with flag without blocking, and keeps it only if it is a
// regular file.
func open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, perm)
	if err != nil {
		// A FIFO with no reader refuses a non-blocking open for writing:
		// say what it is rather than "no such device or address".
		if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() {
			return nil, &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &NotRegularError{Path: path, Kind: Kind(fi.Mode())}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Kind names what a file that is not regular is ("a named pipe"), for
// every message that refuses or passes one over to say it alike. No kind
// holds parentheses: the sessions listing puts it in its own, where "(a
// named pipe (FIFO))" read as a slip; mkfifo's own words for a FIFO are
// "named pipe".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
