//go:build linux

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// TestCommandsDoNotQueryTheTerminal runs the built binary on a
// pseudo-terminal that never answers, as under script(1), a CI runner or an
// editor's shell. A command that queried the terminal (bubbletea's init asks
// for the background colour) would write OSC 11 and a cursor position
// request and wait five seconds for an answer that never comes; none may.
func TestCommandsDoNotQueryTheTerminal(t *testing.T) {
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build mcpscope with")
	}
	bin := filepath.Join(t.TempDir(), "mcpscope")
	if out, err := exec.Command(gotool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	srv := mcptest.New(t, mcptest.Options{})
	for _, args := range [][]string{
		{"--version"},
		{"exec", "--no-record", srv.SSEURL(), "tools/list"},
		{"sessions"},
	} {
		out := runOnSilentTerminal(t, bin, args...)
		if strings.Contains(out, "\x1b]11;") || strings.Contains(out, "\x1b[6n") {
			t.Errorf("mcpscope %s queried the terminal: %q", strings.Join(args, " "), out)
		}
	}
}

// runOnSilentTerminal runs bin with stdin, stdout and stderr on a new
// pseudo-terminal nobody answers, and returns what it wrote there.
func runOnSilentTerminal(t *testing.T, bin string, args ...string) string {
	t.Helper()
	ptmx, pts := openPTY(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	var env []string
	for _, kv := range os.Environ() {
		// termenv asks nothing when CI is set or TERM is dumb, screen or
		// tmux: the test must not pass for that reason.
		if !strings.HasPrefix(kv, "CI=") && !strings.HasPrefix(kv, "TERM=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "TERM=xterm-256color", "MCPSCOPE_STATE_DIR="+t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pts.Close() // the child has its own; reads end when it exits
	var out bytes.Buffer
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(&out, ptmx) // ends with EIO once the child is gone
		close(copied)
	}()
	err := cmd.Wait()
	<-copied
	if ctx.Err() != nil {
		t.Fatalf("mcpscope %s did not finish within 30s on a silent terminal: %q", strings.Join(args, " "), out.String())
	}
	if err != nil {
		t.Errorf("mcpscope %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}

// openPTY opens a pseudo-terminal pair with the Linux ptmx interface.
func openPTY(t *testing.T) (ptmx, pts *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("unlock pty: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("pty number: %v", e)
	}
	pts, err = os.OpenFile("/dev/pts/"+strconv.FormatUint(uint64(n), 10), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return ptmx, pts
}
