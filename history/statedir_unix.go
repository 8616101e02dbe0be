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
