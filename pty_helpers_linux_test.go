//go:build linux

package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// ptyRun is the built mcpscope running on a pseudo-terminal of its own,
// as its controlling terminal, which nobody answers.
type ptyRun struct {
	ctx    context.Context // ends 30s after the start, killing the program
	cmd    *exec.Cmd
	ptmx   *os.File    // the test's side: write keys to it
	pts    *os.File    // the terminal's side, kept open to mark the end
	out    *syncBuffer // everything the program wrote on the terminal
	copied chan struct{}
}

// ptyEnd is what wait writes on the terminal once the program is gone:
// output reaches the test in the order it was written, so once it is read
// so is all the program wrote. The end of the output is not the read that
// fails with EIO once the terminal's last other holder has closed it: on a
// busy machine Linux answered that read while the program's last lines
// ("cancelled: …", after an echoed ^C) were still on their way, and a
// later read returned them.
var ptyEnd = []byte("\x00mcpscope-test: the program has exited\x00")

// errPTYEnd stops the copy of the terminal's output at ptyEnd.
var errPTYEnd = errors.New("the end mark was read")

// untilEnd writes to out what is read from the terminal up to ptyEnd,
// holding back only a tail that may be the mark's start, so a test waiting
// for text sees it as soon as it is read.
type untilEnd struct {
	out  *syncBuffer
	held []byte
}

func (u *untilEnd) Write(p []byte) (int, error) {
	u.held = append(u.held, p...)
	if i := bytes.Index(u.held, ptyEnd); i >= 0 {
		_, _ = u.out.Write(u.held[:i])
		u.held = nil
		return len(p), errPTYEnd
	}
	keep := 0
	for k := min(len(u.held), len(ptyEnd)-1); k > 0; k-- {
		if bytes.HasSuffix(u.held, ptyEnd[:k]) {
			keep = k
			break
		}
	}
	_, _ = u.out.Write(u.held[:len(u.held)-keep])
	u.held = append(u.held[:0], u.held[len(u.held)-keep:]...)
	return len(p), nil
}

// startOnPTY starts the built mcpscope with args on a new pseudo-terminal
// of 30 rows by 120 columns, with TERM set to term and a state directory
// of its own.
func startOnPTY(t *testing.T, term string, args ...string) *ptyRun {
	t.Helper()
	return startOnPTYIn(t, term, t.TempDir(), args...)
}

// startOnPTYIn is startOnPTY with the state directory stateDir.
func startOnPTYIn(t *testing.T, term, stateDir string, args ...string) *ptyRun {
	t.Helper()
	bin := builtBinary(t)
	ptmx, pts := openPTY(t)
	// A size from the start: a pseudo-terminal has none until given one,
	// and on 0×0 the TUI draws nothing past "starting…". Given once the
	// program runs, it could fall between bubbletea's first reading of
	// the size and its watch for SIGWINCH, and was never drawn.
	size := struct{ rows, cols, x, y uint16 }{30, 120, 0, 0}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&size))); e != 0 {
		t.Fatalf("setting the terminal's size: %v", e)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	var env []string
	for _, kv := range os.Environ() {
		// termenv asks nothing when CI is set or TERM is dumb, screen or
		// tmux: whether the terminal is asked is the test's term to say.
		if !strings.HasPrefix(kv, "CI=") && !strings.HasPrefix(kv, "TERM=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "TERM="+term, "MCPSCOPE_STATE_DIR="+stateDir)
	if err := cmd.Start(); errors.Is(err, syscall.EPERM) {
		// A sandbox may refuse a controlling terminal (TIOCSCTTY).
		t.Skipf("the pseudo-terminal cannot be a controlling terminal here: %v", err)
	} else if err != nil {
		t.Fatal(err)
	}
	r := &ptyRun{ctx: ctx, cmd: cmd, ptmx: ptmx, pts: pts, out: &syncBuffer{}, copied: make(chan struct{})}
	go func() {
		// Ends at the mark wait writes, or when the test ends and closes
		// the terminal.
		_, _ = io.Copy(&untilEnd{out: r.out}, ptmx)
		close(r.copied)
	}()
	return r
}

// wait returns how the program exited, once it has and all it wrote is in
// out; timedOut tells whether it was killed for taking 30s.
func (r *ptyRun) wait() error {
	err := r.cmd.Wait()
	// Written after the program's own last write returned, so read after it.
	_, _ = r.pts.Write(ptyEnd)
	<-r.copied
	return err
}

// timedOut reports whether the 30s the program was given are over.
func (r *ptyRun) timedOut() bool { return r.ctx.Err() != nil }

// typeKeys types keys once the TUI reads them as keys. Until bubbletea
// puts the terminal in raw mode the line discipline holds them for a
// line and turns \r into \n (ctrl+j): a session can open, and a test
// waiting for that can type, before the TUI has taken the terminal.
func (r *ptyRun) typeKeys(t *testing.T, keys string) {
	t.Helper()
	raw := func() bool {
		var tio syscall.Termios
		// On the master, TCGETS reads the terminal's (the child's side).
		_, _, e := syscall.Syscall(syscall.SYS_IOCTL, r.ptmx.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&tio)))
		return e == 0 && tio.Lflag&syscall.ICANON == 0
	}
	if !pollFor(raw) {
		t.Fatalf("the TUI did not take the terminal (raw mode) within 10s: %q", r.out.String())
	}
	if _, err := r.ptmx.Write([]byte(keys)); err != nil {
		t.Fatal(err)
	}
}

// quit types q and waits for the program to exit, failing the test if it
// had not within its 30s; it returns how the program exited.
func (r *ptyRun) quit(t *testing.T) error {
	t.Helper()
	r.typeKeys(t, "q")
	err := r.wait()
	if r.timedOut() {
		t.Fatalf("the TUI did not quit within 30s: %q", r.out.String())
	}
	return err
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
		t.Skipf("no pseudo-terminals here: unlocking one: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("no pseudo-terminals here: numbering one: %v", e)
	}
	pts, err = os.OpenFile("/dev/pts/"+strconv.FormatUint(uint64(n), 10), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		// A container may give /dev/ptmx with no devpts mounted to match.
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { pts.Close() })
	return ptmx, pts
}
