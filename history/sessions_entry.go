package history

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"github.com/mcpscope/mcpscope/internal/regular"
)

// notRegular says what an entry named like a recording is when it is no
// regular file, nor a link to one (a named pipe, a directory, a device, a
// link that leads nowhere or in a loop), "" when it is one: only those
// are opened, as a FIFO or a device would block the listing or never end.
// What a file is that is not regular is said as every refusal of one
// says it (regular.Kind).
func notRegular(path string, e os.DirEntry) string {
	mode := e.Type()
	if mode&os.ModeSymlink != 0 {
		fi, err := os.Stat(path)
		switch {
		case errors.Is(err, syscall.ELOOP):
			return "a link in a loop"
		case errors.Is(err, fs.ErrNotExist):
			return "a link to nothing"
		case err != nil:
			return "a link mcpscope cannot follow"
		}
		mode = fi.Mode()
	}
	if mode.IsRegular() {
		return ""
	}
	return regular.Kind(mode)
}
