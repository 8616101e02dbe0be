package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// A recording whose next record is dated centuries on (times edited, a
// clock gone wrong) said "next in 2562047h47m16s (.)", too long for 80
// columns beside the rest: the bar gave up the protocol version and then
// the wait itself, and the replay looked stuck with no word of why. The
// wait is said as far off, short enough to keep what a minute's wait
// keeps: the counts, and the protocol version at 100 columns.
func TestReplayWaitCenturiesAwayKeepsTheBar(t *testing.T) {
	m, _, _ := replayAtGapOf(t, 80, 24, 200*365*24*time.Hour)
	bar := ansi.Strip(m.status.view())
	for _, want := range []string{" req", "next"} {
		if !strings.Contains(bar, want) {
			t.Errorf("status bar at 80 columns before a record centuries away = %q, want %q in it", bar, want)
		}
	}
	if strings.Contains(bar, "h47m") || strings.Contains(bar, "00000h") {
		t.Errorf("status bar = %q, want no count of hours over centuries", bar)
	}
	m, _, _ = replayAtGapOf(t, 100, 30, 200*365*24*time.Hour)
	bar = ansi.Strip(m.status.view())
	for _, want := range []string{m.com.log.Stats().Protocol, " req", "next"} {
		if want == "" || !strings.Contains(bar, want) {
			t.Errorf("status bar at 80 columns before a record centuries away = %q, want %q in it", bar, want)
		}
	}
	if strings.Contains(bar, "h47m") || strings.Contains(bar, "00000h") {
		t.Errorf("status bar = %q, want no count of hours over centuries", bar)
	}
}
