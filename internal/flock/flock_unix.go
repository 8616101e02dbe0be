//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

// Package flock is mcpscope's one use of advisory file locks (flock), split
// by platform once: a recording's lock, held while it is recorded, and the
// command history's, held while it is saved. Where flock is not available
// nothing is locked and nothing looks held.
package flock

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// ErrHeld is TryExclusive's error when another open file holds the lock.
var ErrHeld = errors.New("held by another")

// TryExclusive takes an exclusive lock on f for as long as f is open, or
// fails at once with ErrHeld when another open file (in any process) holds
// one.
func TryExclusive(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return ErrHeld
	}
	return err
}

// Exclusive takes an exclusive lock on f for as long as f is open, waiting
// for another holder to let go.
func Exclusive(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
}

// retryEvery is how often ExclusiveBy tries the lock again: flock has no
// wait with a time limit, and a save's holder lets go within milliseconds.
const retryEvery = 20 * time.Millisecond

// ExclusiveBy is Exclusive giving up with ErrHeld once deadline() has
// passed: a holder that never lets go (another mcpscope stopped with
// SIGSTOP while holding it) must not hang the caller. deadline is asked
// at each try, so a caller can bring a wait already begun forward (a TUI
// quitting ends its background save's long wait).
func ExclusiveBy(f *os.File, deadline func() time.Time) error {
	for {
		err := TryExclusive(f)
		if !errors.Is(err, ErrHeld) || time.Now().After(deadline()) {
			return err
		}
		time.Sleep(retryEvery)
	}
}

// Held reports whether another open file (in any process) holds an
// exclusive lock on path.
func Held(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	return errors.Is(err, syscall.EWOULDBLOCK)
}
