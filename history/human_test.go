package history

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestFormatDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0"},
		{-time.Second, "0"},
		{850 * time.Microsecond, "850µs"},
		{12 * time.Millisecond, "12ms"},
		{1240 * time.Millisecond, "1.2s"},
		{3*time.Minute + 4*time.Second + 400*time.Millisecond, "3m4s"},
		{2*time.Hour + 30*time.Second, "2h0m30s"},
	}
	for _, tt := range tests {
		if got := FormatDuration(tt.d); got != tt.want {
			t.Errorf("FormatDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// The listing of sessions writes durations as the panes do, and a dash
// for a recording too short to tell.
func TestSessionsListDurationsAsThePanesDo(t *testing.T) {
	out := RenderSessions([]SessionInfo{
		{URL: "http://a", Started: time.Unix(0, 0), Duration: 1500 * time.Millisecond},
		{URL: "http://b", Started: time.Unix(0, 0)},
	}, 0)
	lines := strings.Split(out, "\n")
	if len(lines) < 3 || !strings.Contains(lines[1], " 1.5s ") || !strings.Contains(lines[2], " - ") {
		t.Errorf("RenderSessions wrote\n%s\nwant 1.5s for the first session and - for the second", out)
	}
}

func TestFormatNumber(t *testing.T) {
	for f, want := range map[float64]string{3: "3", 2.5: "2.5", 1.0 / 3: "0.33", 0: "0", 1e6: "1000000", -1.5: "-1.5",
		1e308: "1e+308", -1e308: "-1e+308", math.MaxFloat64: "1.79769e+308", 123456789012345678: "1.23457e+17",
		math.Inf(1): "?", math.NaN(): "?"} {
		if got := FormatNumber(f); got != want {
			t.Errorf("FormatNumber(%v) = %q, want %q", f, got, want)
		}
	}
}
