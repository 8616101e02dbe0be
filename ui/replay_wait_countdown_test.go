package ui

import (
	"strings"
	"testing"
	"time"
)

// A replay waiting a minute for its next record counts down to it: the
// countdown vanished with 5 seconds to go, and the replay looked stuck for
// them. Once the record comes, no wait is said.
func TestReplayWaitCountsDownToTheRecord(t *testing.T) {
	m, p, now := replayAtGap(t, 160, 45)
	if bar := m.status.view(); !strings.Contains(bar, "next record in") {
		t.Fatalf("status bar = %q, want the minute's wait said", bar)
	}
	for i := 0; i < 100 && p.Until(*now) > 3*time.Second; i++ {
		*now = now.Add(time.Second)
	}
	m.Update(replayTickMsg{})
	if bar := m.status.view(); !strings.Contains(bar, "next record in 3") && !strings.Contains(bar, "next record in 2") {
		t.Errorf("status bar with seconds to go = %q, want the countdown to the record", bar)
	}
	*now = now.Add(5 * time.Second)
	m.Update(replayTickMsg{})
	if bar := m.status.view(); strings.Contains(bar, "next record in") {
		t.Errorf("status bar once the record came = %q, want no wait said", bar)
	}
}
