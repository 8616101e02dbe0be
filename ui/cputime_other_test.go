//go:build !unix

package ui

import "time"

// cpuTime is not measured here; benchmarks report only wall time.
func cpuTime() time.Duration { return 0 }
