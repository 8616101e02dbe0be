package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// outputDirError says what is wrong with path as a file for flag to write
// (export's -o, exec's --save) before anything is done for it: a
// directory, or one in a directory that is not there. nil when neither.
// eg is a file name to suggest in a directory, or "".
func outputDirError(flag, path, eg string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		if eg != "" {
			return fmt.Errorf("%s %s is a directory: name a file in it, e.g. %s", flag, path, filepath.Join(path, eg))
		}
		return fmt.Errorf("%s %s is a directory: name a file in it", flag, path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s %s: the directory %s does not exist: create it first, or name a file in one that does", flag, path, dir)
	} else if err == nil && !fi.IsDir() {
		return fmt.Errorf("%s %s: %s is a file, not a directory", flag, path, dir)
	}
	return nil
}

// outputError is an error creating the file flag writes, in the user's
// words: os's "open X: permission denied" named the call, not the flag.
func outputError(flag, path string, err error) error {
	if e := outputDirError(flag, path, ""); e != nil {
		return e
	}
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%s %s: permission denied: name a file you can write", flag, path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s %s: %v", flag, path, pe.Err)
	}
	return fmt.Errorf("%s %s: %v", flag, path, err)
}
