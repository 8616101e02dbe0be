// Package regular opens the files mcpscope reads back that must be plain
// files: recordings and theme files, named by the user or found in a
// directory. Opening a FIFO for reading waits for a writer forever, and a
// device or a directory is no file of ours, so both are refused with words
// that say what the path is.
package regular

import (
	"io/fs"
	"os"
	"syscall"
)

// NotRegularError is a path that is not a regular file.
type NotRegularError struct {
	Path string
	Kind string // what it is instead, e.g. "a named pipe (FIFO)"
}

func (e *NotRegularError) Error() string { return e.Path + " is " + e.Kind + ", not a regular file" }

// Open opens path for reading if it is a regular file (a symlink to one is
// fine). It opens without blocking and then checks what it opened:
// checking before opening would leave a window for the file to change.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Kind: kind(fi.Mode())}
	}
	return f, nil
}

// kind names what a file that is not regular is.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
