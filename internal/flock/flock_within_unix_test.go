//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package flock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A holder that never lets go makes ExclusiveBy give up at its deadline
// with ErrHeld, where Exclusive waited for ever; once it lets go the lock
// is taken.
func TestExclusiveByGivesUpOnAHolderThatStays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lock")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	holder, waiter := open(), open()
	if err := Exclusive(holder); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	within := func(wait time.Duration) func() time.Time {
		deadline := time.Now().Add(wait)
		return func() time.Time { return deadline }
	}
	if err := ExclusiveBy(waiter, within(100*time.Millisecond)); !errors.Is(err, ErrHeld) {
		t.Fatalf("ExclusiveBy = %v, want ErrHeld", err)
	}
	if took := time.Since(start); took < 100*time.Millisecond || took > 5*time.Second {
		t.Errorf("ExclusiveBy gave up after %s, want about 100ms", took)
	}
	holder.Close()
	if err := ExclusiveBy(waiter, within(time.Second)); err != nil {
		t.Errorf("ExclusiveBy after the holder let go = %v, want the lock", err)
	}
}
