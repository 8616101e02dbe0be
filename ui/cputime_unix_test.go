//go:build unix

package ui

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, its GC workers included.
// Benchmarks report it per op beside the wall time: on a machine shared
// with other work it moves far less than the wall time does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
