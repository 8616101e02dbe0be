package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// mcpscope sessions | cat: the count line goes to stderr, the terminal,
// and was fitted to stdout's width, none (a pipe): a 59-column folder
// wrapped mid-path on a terminal of 60. It is fitted to the terminal it
// is written on.
func TestSessionsCountLineFitsTheTerminalItIsWrittenOn(t *testing.T) {
	base := shortTempDir(t)
	state := filepath.Join(base, strings.Repeat("d", 50-len(base)))
	t.Setenv("MCPSCOPE_STATE_DIR", state)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	if _, errOut, code := run(t, "exec", srv.Endpoint(), "tools/list"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	ptmx, pts := openPTY(t)
	size := struct{ rows, cols, x, y uint16 }{24, 60, 0, 0}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&size))); e != 0 {
		t.Fatalf("setting the terminal's size: %v", e)
	}
	cmd := exec.Command(builtBinary(t), "sessions")
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "COLUMNS=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, pts
	if err := cmd.Run(); err != nil {
		t.Fatalf("sessions: %v", err)
	}
	pts.Close()
	said, _ := io.ReadAll(ptmx) // ends with EIO once the terminal is closed
	if !strings.Contains(string(said), "1 recording in") {
		t.Fatalf("sessions said no count on the terminal: %q", said)
	}
	for _, l := range strings.Split(strings.ReplaceAll(string(said), "\r", ""), "\n") {
		if ansi.StringWidth(l) > 60 {
			t.Errorf("a line wider than the terminal's 60 columns: %q", l)
		}
	}
}
