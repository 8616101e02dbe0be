package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A replay's Pairs pane said "no requests yet in this recording" before
// playback reached the first request, which read as if the recording had
// none. It says playback has not reached one yet, and only a recording
// played to its end that has none says so.
func TestReplayPairsBeforeFirstRequest(t *testing.T) {
	recs := fixtureRecords()
	first := 0
	for first < len(recs) && recs[first].Kind != mcp.KindSent {
		first++
	}
	for i := first; i < len(recs); i++ {
		recs[i].Time = recs[i].Time.Add(time.Hour)
	}
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, recs)
	now := fixedNow
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	for i := 0; i < 100 && p.Position() < first; i++ {
		m.Update(replayTickMsg{})
		now = now.Add(time.Second)
	}
	if p.Position() != first {
		t.Fatalf("playback at %d, want it waiting at the first request (%d)", p.Position(), first)
	}
	v := ansi.Strip(m.View())
	if strings.Contains(v, "no requests yet in this recording") || !strings.Contains(v, "playback has not reached the first request yet (G jumps to the end)") {
		t.Errorf("before the first request the Pairs pane reads:\n%s", v)
	}

	// Played to its end, a recording without a request says it has none.
	none := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, recs[:first])
	m = New(Options{Player: none, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	for i := 0; i < 100 && !none.Done(); i++ {
		m.Update(replayTickMsg{})
		now = now.Add(time.Second)
	}
	m.Update(replayTickMsg{})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "no requests in this recording") {
		t.Errorf("a recording without requests, played to its end:\n%s", v)
	}
}
