package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mcpscope/mcpscope/history"
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

// proxyRecordError refuses --record given to proxy, which records each
// client's session to a file of its own and so takes a directory
// (--record-dir), saying so in the words exec and the TUI use for a
// --record that names a directory; nil when --record was not given.
func proxyRecordError(path string) error {
	if path == "" {
		return nil
	}
	what, dir := namesDirectory(path)
	instead := path
	if !dir {
		what, instead = "names one file", "DIR"
	}
	return recordPathError(path, what, "pass --record-dir "+instead+" (proxy records each client's session to a file of its own in it)")
}

// recordDirError says, before the proxy listens, why its recordings cannot
// go where they would: each client's recording failed on its own, with
// os's "mkdir X: not a directory", once clients came.
func recordDirError(pf *proxyFlags) error {
	if pf.noRecord {
		return nil
	}
	dir := pf.recordDir
	if dir == "" {
		var err error
		if dir, err = history.DefaultDir(); err != nil {
			return fmt.Errorf("cannot record: %v; or --record-dir DIR names another directory, --no-record records nothing", err)
		}
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("--record-dir %s is a file, not a directory: name a directory (it is created if it is not there), or pass --no-record", dir)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %v", pe.Path, pe.Err)
		}
		return fmt.Errorf("cannot create the recordings directory %s (%v): --record-dir DIR names another, --no-record records nothing", dir, err)
	}
	return nil
}
