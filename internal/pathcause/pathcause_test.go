package pathcause

import (
	"fmt"
	"io/fs"
	"syscall"
	"testing"
)

// The path the message names already is taken off; another path, which
// says where the failure was, is kept.
func TestOf(t *testing.T) {
	full := &fs.PathError{Op: "write", Path: "/s/history", Err: syscall.ENOSPC}
	if got := Of(fmt.Errorf("wrapped: %w", full), "/s/history"); got != syscall.ENOSPC {
		t.Errorf("Of(write /s/history, /s/history) = %v, want the cause alone", got)
	}
	if got := Of(full, "/s"); got != error(full) {
		t.Errorf("Of(write /s/history, /s) = %v, want it whole", got)
	}
}
