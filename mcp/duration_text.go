package mcp

import (
	"strconv"
	"time"
)

// DurationText writes a duration the user set (a timeout, a wait) as the
// README and --help write it and a person types it: whole seconds as
// seconds (60s, 90s), anything else as Go writes it (500ms, 1.5s). Go's
// own String wrote the default --timeout as 1m0s in one message and the
// help said 60s. Measured durations keep their own formats.
func DurationText(d time.Duration) string {
	if d != 0 && d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return d.String()
}

// WaitWords says a wait before a try to come ("in 8s"), as a state's
// detail names its WaitMS: a screen saying the try late finds these
// words by the wait, and puts the time left in their place.
func WaitWords(d time.Duration) string {
	return "in " + DurationText(d)
}
