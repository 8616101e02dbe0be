package ui

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// recordingOf writes recs to a recording and loads it for replay.
func recordingOf(t *testing.T, recs []mcp.Record) *history.Player {
	t.Helper()
	return loadRecording(t, writeRecording(t, recs))
}

// writeRecording writes recs to a recording file and returns its path.
func writeRecording(t *testing.T, recs []mcp.Record) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.jsonl")
	rec, err := history.Create(path, history.Header{URL: fixtureBase, Transport: "sse"}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := rec.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// loadRecording loads the recording at path for replay, read whole.
func loadRecording(t *testing.T, path string) *history.Player {
	t.Helper()
	p, err := history.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	return p
}

// A replay's Pairs pane said "no requests yet in this recording" before
// playback reached the first request, which read as if the recording had
// none. It says how many messages are still to come, and only a recording
// played to its end that has none says it has none.
func TestReplayPairsBeforeFirstRequest(t *testing.T) {
	recs := fixtureRecords()
	first, messages := -1, 0
	for i, r := range recs {
		if r.Kind == mcp.KindSent || r.Kind == mcp.KindReceived {
			messages++
			if first < 0 {
				first = i
			}
		}
	}
	for i := first; i < len(recs); i++ {
		recs[i].Time = recs[i].Time.Add(time.Hour)
	}
	p := recordingOf(t, recs)
	now := fixedNow
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 160, Height: 45}} {
		p.Restart()
		m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
		m.Update(size)
		for i := 0; i < 100 && p.Position() < first; i++ {
			m.Update(replayTickMsg{})
			now = now.Add(time.Second)
		}
		if p.Position() != first {
			t.Fatalf("playback at %d, want it waiting at the first message (%d)", p.Position(), first)
		}
		v := ansi.Strip(m.View())
		want := "no message played yet: " + strconv.Itoa(messages) + " messages to come (G jumps to the end)"
		if strings.Contains(v, "no requests yet in this recording") || !strings.Contains(v, want) {
			t.Errorf("%dx%d: before the first message the Pairs pane should say %q:\n%s", size.Width, size.Height, want, v)
		}
	}

	// Played to its end, a recording without a message says it has none.
	none := recordingOf(t, recs[:first])
	m := New(Options{Player: none, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for i := 0; i < 100 && !m.replay.ended(); i++ {
		m.Update(replayTickMsg{})
		now = now.Add(time.Second)
	}
	m.Update(replayTickMsg{})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "no messages in this recording") {
		t.Errorf("a recording without messages, played to its end:\n%s", v)
	}
}
