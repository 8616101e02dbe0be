package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// A replay waiting a minute for its next record counts down to it: the
// countdown vanished with 5 seconds to go, and the replay looked stuck for
// them. A short gap still says nothing.
func TestReplayWaitCountsDownToTheRecord(t *testing.T) {
	recs := fixtureRecords()
	half := len(recs) / 2
	for i := half; i < len(recs); i++ {
		recs[i].Time = recs[i].Time.Add(60 * time.Second)
	}
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "streamable"}, recs)
	now := fixedNow
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "streamable", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	for i := 0; i < 100 && p.Position() < half; i++ {
		m.Update(replayTickMsg{})
		now = now.Add(time.Second)
	}
	m.Update(replayTickMsg{})
	if bar := m.status.view(); !strings.Contains(bar, "next record in") {
		t.Fatalf("status bar = %q, want the minute's wait said", bar)
	}
	for i := 0; i < 100 && p.Until(now) > 3*time.Second; i++ {
		now = now.Add(time.Second)
	}
	m.Update(replayTickMsg{})
	if bar := m.status.view(); !strings.Contains(bar, "next record in 3") && !strings.Contains(bar, "next record in 2") {
		t.Errorf("status bar with seconds to go = %q, want the countdown to the record", bar)
	}
	now = now.Add(5 * time.Second)
	m.Update(replayTickMsg{})
	if bar := m.status.view(); strings.Contains(bar, "next record in") {
		t.Errorf("status bar once the record came = %q, want no wait said", bar)
	}
}
