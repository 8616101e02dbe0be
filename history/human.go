package history

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// The one way durations and sizes are written for people, in the panes,
// the listing of sessions, exec and the Markdown export alike. The JSON
// export keeps milliseconds, a fixed unit, for programs.

// FormatDuration formats a duration compactly, for a column: 850µs, 12ms,
// 1.2s, 3m4s.
func FormatDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0"
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return d.Round(time.Second).String()
}

// FormatMeasured is FormatDuration for a duration a recording says an
// exchange took, "?" when no exchange can take it (impossible): a recording
// whose clock jumped 300 years showed "2562047h47m16s" as a response time,
// and a negative POST time as "0", where its export says "an unknown time".
func FormatMeasured(d time.Duration) string {
	if impossible(d) {
		return "?"
	}
	return FormatDuration(d)
}

// FormatNumber writes a figure a server reported (progress, a total) as a
// person reads it: 3, 2.5, 0.33; a third is not sixteen digits long. A
// figure of 1e15 or more is written with an exponent (1e+308, not three
// hundred digits, and not the +Inf that rounding it to cents made), and
// one that is no number at all as "?".
func FormatNumber(f float64) string {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return "?"
	case math.Abs(f) >= 1e15:
		return strconv.FormatFloat(f, 'g', 6, 64)
	}
	return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
}

// FormatSize formats a byte count for people: 512 B, 1.5 KiB, 19.0 MiB.
func FormatSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}
