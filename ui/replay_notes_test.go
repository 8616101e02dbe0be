package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// With two notes or more, the replay's end counted every note as a damaged
// line: one damaged line and one record out of order read "2 damaged lines
// skipped". Each note is now counted as what it is about.
func TestReplayEndWordsItsNotesByWhatTheyAre(t *testing.T) {
	path := writeRecording(t, fixtureRecords()[:3])
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A damaged line, then the session's close numbered before the
	// records above it (the file was edited).
	f.WriteString("{oops\n" + `{"seq":2,"time":"2026-01-01T00:00:00Z","kind":"state","state":{"state":"closed","detail":"closed by mcpscope"}}` + "\n")
	f.Close()
	p := loadRecording(t, path)
	now := fixedNow
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 45})
	press(m, "G")
	for i := 0; i < 5 && !p.Done(); i++ {
		now = now.Add(time.Second)
		m.Update(replayTickMsg{})
	}
	now = now.Add(time.Second)
	m.Update(replayTickMsg{})
	if got := m.status.view(); !strings.Contains(got, "end of the recording: 1 damaged line skipped, records out of order (listed when you quit)") {
		t.Errorf("status at the end = %q, want one damaged line and the order said apart", got)
	}
}
