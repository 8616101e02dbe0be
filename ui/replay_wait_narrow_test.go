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
	recs := fixtureRecords()
	gap := 60 * time.Second
	half := len(recs) / 2
	for i := half; i < len(recs); i++ {
		recs[i].Time = recs[i].Time.Add(gap)
	}
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "streamable"}, recs)
	now := fixedNow
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "streamable", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for i := 0; i < 100 && p.Position() < half; i++ {
		m.Update(replayTickMsg{})
		now = now.Add(time.Second)
	}
	m.Update(replayTickMsg{})
	bar := m.status.view()
	state := sessionState(m.com.log)
	if state == "" || !strings.Contains(bar, state) {
		t.Errorf("status bar at 80 columns = %q, want the state %q whole", bar, state)
	}
	if !strings.Contains(bar, "next in 5") {
		t.Errorf("status bar at 80 columns = %q, want it to say the next record is about a minute away", bar)
	}
}
