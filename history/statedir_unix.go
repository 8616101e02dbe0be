//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package history

import (
	"io/fs"
	"syscall"
)

// fileOwner is the uid owning fi's file.
func fileOwner(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// stillLinked reports whether fi's file still has a name somewhere: a
// recording whose path names it no more was moved or renamed, not removed.
func stillLinked(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 0
}
