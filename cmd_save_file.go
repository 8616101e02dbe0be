package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/mcpscope/mcpscope/internal/atomicfile"
)

// writeSaved writes what --save saves to path, with atomicfile's policy:
// a write that fails (the disk is full, a file size limit) must not leave
// a cut file that looks like the resource, nor empty the file --force was
// to replace. Only what is no regular file (a device, a link written
// through) is left as it came, cut.
func writeSaved(path string, data []byte, force bool) error {
	f, err := atomicfile.Create(path, force)
	if errors.Is(err, os.ErrExist) {
		return savedExists(path)
	}
	if err != nil {
		return outputError("--save", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Commit()
	}
	if errors.Is(err, os.ErrExist) && !force {
		// Made under the name while this one was written: the link refused it.
		f.Abort()
		return savedExists(path)
	}
	if err != nil {
		switch f.Abort() {
		case atomicfile.Kept:
			return fmt.Errorf("--save %s: writing %d bytes failed, the file keeps what it held: %w", path, len(data), err)
		case atomicfile.Removed:
			return fmt.Errorf("--save %s: writing %d bytes failed, nothing was saved: %w", path, len(data), err)
		case atomicfile.Dropped:
			return fmt.Errorf("--save %s: writing %d bytes failed, the file was written in place (no file can be made beside it) and the incomplete one removed: %w", path, len(data), err)
		}
		return fmt.Errorf("--save %s: writing %d bytes failed, what it received is incomplete: %w", path, len(data), err)
	}
	return nil
}

// savedExists is --save's refusal of a file that is there, without --force.
func savedExists(path string) error {
	return fmt.Errorf("--save %s: the file exists; pass --force to replace it", path)
}
