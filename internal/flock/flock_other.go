//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package flock

import (
	"errors"
	"os"
	"time"
)

// ErrHeld is TryExclusive's error when another open file holds the lock.
var ErrHeld = errors.New("held by another")

// TryExclusive does nothing where flock is not available.
func TryExclusive(*os.File) error { return nil }

// Exclusive does nothing where flock is not available.
func Exclusive(*os.File) error { return nil }

// ExclusiveBy does nothing where flock is not available.
func ExclusiveBy(*os.File, func() time.Time) error { return nil }

// Held cannot tell where flock is not available: nothing looks held.
func Held(string) bool { return false }
