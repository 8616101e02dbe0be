// Package atomicfile writes the files mcpscope writes for the user
// (exec --save, export -o, the ↑ command history) with one policy: the old
// file is kept whole unless the new one is complete, and a cut regular file
// never stays under the user's name.
//
// A regular file, or a name not there yet, is written to a temporary file
// beside it and renamed over it once it is whole, keeping the old file's
// mode. What is no regular file (/dev/stdout, a FIFO, a symbolic link,
// which is written through) is written in place, and so is a file whose
// directory takes no file beside it (one the user may not write to, a name
// too long for a temporary one beside it): such a file was written before
// and must go on being written. Any other failure to make the file beside
// it (a full disk) leaves an existing file alone. Cut there, a regular file is removed: half
// a transcript or a resource would pass for the whole one.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// createTemp is os.CreateTemp; a test stands in a failure no test can
// cause for real (a full disk).
var createTemp = os.CreateTemp

// besideRefused reports an error that says the directory takes no new
// file of that name from us (not ours to write, or the name too long),
// where writing in place is what the user did before and still works.
func besideRefused(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.ENAMETOOLONG)
}

// Outcome is what is under the user's name after Abort.
type Outcome int

const (
	// Kept: the old file is there whole.
	Kept Outcome = iota
	// Removed: there was no file, and the cut one mcpscope made (beside
	// it or in place) is gone.
	Removed
	// Dropped: a regular file was there and was written in place (no
	// file could be made beside it); cut, it is removed, so neither the
	// old file nor the new one is left.
	Dropped
	// Cut: what is no regular file (a device, a FIFO, a link written
	// through), or a regular file that could not be removed, received
	// part of it and is left as it is; the caller says so.
	Cut
)

// File is a file being written; Commit ends it, or Abort on failure.
type File struct {
	f       *os.File
	path    string
	tmp     bool // f is a temporary file beside path
	existed bool // path was there before
	replace bool
	perm    fs.FileMode
}

// Create opens path to be written. An existing path is replaced when
// replace is set and refused otherwise (an error that is os.ErrExist). A
// new file is owner-only (0600, under the umask): it may hold a secret.
func Create(path string, replace bool) (*File, error) {
	fi, err := os.Lstat(path)
	existed := err == nil
	if existed && !replace {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrExist}
	}
	if !existed || fi.Mode().IsRegular() {
		tmp, err := createTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
		if err == nil {
			w := &File{f: tmp, path: path, tmp: true, existed: existed, replace: replace}
			if existed {
				w.perm = fi.Mode().Perm()
			}
			return w, nil
		}
		if existed && !besideRefused(err) {
			// A full disk, a quota, no descriptors left: written in
			// place, the old file would be emptied first and then lost
			// when the write fails the same way.
			return nil, fmt.Errorf("cannot make a file beside %s to write it whole, so it is left as it was: %w", path, err)
		}
	}
	// In place: no file can be made beside it, or it is no regular file.
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if replace {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	fifo := false
	if fi, err := os.Stat(path); err == nil && fi.Mode()&fs.ModeNamedPipe != 0 {
		// Opened for writing, a FIFO waits for a reader: forever, and
		// without a word, when the user has started none.
		fifo, flags = true, flags|syscall.O_NONBLOCK
	}
	f, err := os.OpenFile(path, flags, 0o600)
	if fifo && errors.Is(err, syscall.ENXIO) {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNoReader}
	}
	if err != nil {
		return nil, err
	}
	return &File{f: f, path: path, existed: existed, replace: replace}, nil
}

// ErrNoReader is Create's refusal of a named pipe that nothing reads,
// rather than a wait for a reader that may never come.
var ErrNoReader = errors.New("a named pipe (FIFO) that nothing is reading: start what reads it first (e.g. cat on it in another terminal), or name a regular file")

// Write writes to the file being made.
func (w *File) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	return n, w.named(err)
}

// named is err with the temporary file's name, which the user never gave
// and which is gone after Abort, replaced by the name they gave: export -o
// on a full disk said "write dir/.x.md.2958674448: no space left on device".
func (w *File) named(err error) error {
	var pe *fs.PathError
	if w.tmp && errors.As(err, &pe) && pe.Path == w.f.Name() {
		return &fs.PathError{Op: pe.Op, Path: w.path, Err: pe.Err}
	}
	return err
}

// Commit ends the file: closed and, when it was written beside, put in
// place with the old file's mode. On an error the caller calls Abort,
// which removes what is left beside it.
func (w *File) Commit() error {
	var err error
	if w.tmp && w.existed {
		err = w.f.Chmod(w.perm)
	}
	if w.tmp && err == nil {
		// Renamed before its bytes reach the disk, a crash can leave an
		// empty file under the name where the old one was whole.
		err = w.f.Sync()
	}
	if err = errors.Join(w.named(err), w.named(w.f.Close())); err != nil || !w.tmp {
		return err
	}
	if !w.replace {
		// A link, unlike a rename, refuses a file made under the
		// name since Create looked.
		if err = os.Link(w.f.Name(), w.path); err == nil || errors.Is(err, fs.ErrExist) {
			_ = os.Remove(w.f.Name())
			return err
		}
	}
	return os.Rename(w.f.Name(), w.path)
}

// Abort gives up the file after a failed Write or Commit and says what is
// under the user's name now.
func (w *File) Abort() Outcome {
	_ = w.f.Close()
	if w.tmp {
		_ = os.Remove(w.f.Name())
		if w.existed {
			return Kept
		}
		return Removed
	}
	if fi, err := os.Lstat(w.path); err != nil || !fi.Mode().IsRegular() || os.Remove(w.path) != nil {
		return Cut
	}
	if w.existed {
		return Dropped
	}
	return Removed
}
