package mcp

import (
	"testing"
	"time"
)

// A setting is written as the user types it and --help shows it: the
// default --timeout is "60s" in a message, not Go's "1m0s".
func TestDurationTextWritesSettingsAsTyped(t *testing.T) {
	for d, want := range map[time.Duration]string{
		DefaultRequestTimeout:   "60s",
		90 * time.Second:        "90s",
		2 * time.Hour:           "7200s",
		1500 * time.Millisecond: "1.5s",
		300 * time.Millisecond:  "300ms",
		0:                       "0s",
	} {
		if got := DurationText(d); got != want {
			t.Errorf("DurationText(%v) = %q, want %q", d, got, want)
		}
	}
}
