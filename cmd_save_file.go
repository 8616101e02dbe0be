package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// writeSaved writes what --save saves to path. A write that fails (the
// disk is full, a file size limit) must not leave a cut file that looks
// like the resource, nor empty the file --force was to replace: a new
// file is removed again, and a regular file being replaced is written
// beside it and renamed over it only once it is whole, keeping its mode.
// What is not a regular file (/dev/stdout, a FIFO, a symbolic link, which
// is written through) is written in place, and so is a file whose
// directory takes no file beside it (one the user may not write to, a
// name too long for a temporary one beside it): --force replaced such a
// file before, and must go on doing so.
func writeSaved(path string, data []byte, force bool) error {
	fi, err := os.Lstat(path)
	if err == nil && force && fi.Mode().IsRegular() {
		if err := replaceSaved(path, fi.Mode().Perm(), data); !errors.Is(err, errNoneBeside) {
			return err
		}
	}
	existed := err == nil
	f, err := createOutput(path, force)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("--save %s: the file exists; pass --force to replace it", path)
	}
	if err != nil {
		return outputError("--save", path, err)
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Close()); err != nil {
		if !existed {
			_ = os.Remove(path)
			return fmt.Errorf("--save %s: writing %d bytes failed, nothing was saved: %w", path, len(data), err)
		}
		return fmt.Errorf("--save %s: writing %d bytes failed: %w", path, len(data), err)
	}
	return nil
}

// errNoneBeside is replaceSaved's error when no temporary file can be
// made beside the file it replaces.
var errNoneBeside = errors.New("no file can be made beside it")

// replaceSaved replaces the regular file path with data through a
// temporary file in its directory, so it is whole or unchanged.
func replaceSaved(path string, perm os.FileMode, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return errNoneBeside
	}
	_, werr := tmp.Write(data)
	err = errors.Join(werr, tmp.Chmod(perm), tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("--save %s: writing %d bytes failed, the file keeps what it held: %w", path, len(data), err)
	}
	return nil
}
