package ui

import (
	"strings"
	"testing"
	"time"
)

// A replay restarted (g) forgot none of the long wait it had counted down
// before: played again faster, the same gap a few seconds long read "next
// record in 1s", said as if the replay might look stuck. Restarted, it says
// a wait only once one is long.
func TestReplayRestartForgetsTheLongWait(t *testing.T) {
	m, p, now := replayAtGap(t, 160, 45)
	if bar := m.status.view(); !strings.Contains(bar, "next record in") {
		t.Fatalf("status bar = %q, want the minute's wait said", bar)
	}
	half := p.Position()
	press(m, "+", "+", "+", "+", "+")
	if bar := m.status.view(); !strings.Contains(bar, "32x") {
		t.Fatalf("status bar = %q, want the replay at 32x", bar)
	}
	press(m, "g")
	for i := 0; i < 1000 && p.Position() < half; i++ {
		*now = now.Add(10 * time.Millisecond)
		m.Update(replayTickMsg{})
	}
	if p.Position() != half {
		t.Fatalf("restarted, the replay is at %d, want the gap's %d", p.Position(), half)
	}
	if w := p.Until(*now); w <= 0 || w > longWait {
		t.Fatalf("at 32x the gap is %s, want a short wait", w)
	}
	if bar := m.status.view(); strings.Contains(bar, "next record in") {
		t.Errorf("restarted at 32x, the status bar = %q, want no wait said for a gap of a few seconds", bar)
	}
}
