package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// At 80 columns a replay waiting a minute for its next record keeps the
// session state whole in the status bar: the wait and its hint shrink
// first, as lower-value parts do, instead of cutting the state after them.
func TestReplayWaitKeepsTheStateReadableAt80Columns(t *testing.T) {
	m, _, _ := replayAtGap(t, 80, 24)
	bar := m.status.view()
	state := sessionState(m.com.log)
	if state == "" || !strings.Contains(bar, state) {
		t.Errorf("status bar at 80 columns = %q, want the state %q whole", bar, state)
	}
	if !strings.Contains(bar, "next in 5") {
		t.Errorf("status bar at 80 columns = %q, want it to say the next record is about a minute away", bar)
	}
}

// replayAtGap is a replay on a w x h screen of the fixture with a minute's
// gap halfway, played up to the gap; now is its clock, which the test
// moves on.
func replayAtGap(t *testing.T, w, h int) (m *Model, p *history.Player, now *time.Time) {
	t.Helper()
	return replayAtGapOf(t, w, h, 60*time.Second)
}

// replayAtGapOf is replayAtGap with a gap of gap.
func replayAtGapOf(t *testing.T, w, h int, gap time.Duration) (m *Model, p *history.Player, now *time.Time) {
	t.Helper()
	recs := fixtureRecords()
	half := len(recs) / 2
	for i := half; i < len(recs); i++ {
		recs[i].Time = recs[i].Time.Add(gap)
	}
	p = history.NewPlayer(history.Header{URL: fixtureBase, Transport: "streamable"}, recs)
	clock := fixedNow
	now = &clock
	m = New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "streamable", Now: func() time.Time { return *now }})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	for i := 0; i < 100 && p.Position() < half; i++ {
		m.Update(replayTickMsg{})
		*now = now.Add(time.Second)
	}
	m.Update(replayTickMsg{})
	return m, p, now
}
