package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// A replay of a damaged recording says at its end that lines were skipped:
// the list itself is printed when the TUI ends, and until then the status
// bar is the only sign the file was damaged.
func TestReplayOfADamagedRecordingSaysLinesWereSkipped(t *testing.T) {
	p := loadRecording(t, recordingWithTail(t, "{oops\n"+`{"seq":9,"time":"2026-01-01T00:00:00Z","kind":"http"}`+"\n"))
	// The file has no closing record either (the lines after its
	// records are no close): said with the count.
	if got := statusAtReplayEnd(t, p, 160); !strings.Contains(got, "2 damaged lines skipped, it ends without its close (listed when you quit)") {
		t.Errorf("status at the end = %q, want it to say 2 damaged lines were skipped and the close is missing", got)
	}
}

// A recording whose clock jumps (a laptop asleep mid-session, a clock set
// wrong) has a long gap between two records; the replay says how long the
// next one is away and how to go on, rather than look stuck.
func TestReplaySaysWhenTheNextRecordIsFarAway(t *testing.T) {
	recs := fixtureRecords()[:2]
	recs[1].Time = recs[0].Time.Add(4 * 365 * 24 * time.Hour)
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, recs)
	now := fixedNow
	m := newReplay(p, &now)
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	m.Update(replayTickMsg{})
	now = now.Add(time.Second)
	m.Update(replayTickMsg{})
	if got := m.status.view(); !strings.Contains(got, "1/2") || !strings.Contains(got, "next record in 1459d23h: . steps to it") {
		t.Errorf("status = %q, want it to say the next record is four years away and that . steps to it", got)
	}
	press(m, ".")
	if got := m.status.view(); strings.Contains(got, "next record in") {
		t.Errorf("status after stepping to the last record = %q, still waiting", got)
	}
}

// A recording cut short (mcpscope killed as it wrote its last line) says
// so at the end of its replay, in the reader's words, where it said "1
// damaged line skipped (listed when you quit)".
func TestReplayOfARecordingCutShortSaysSo(t *testing.T) {
	p := loadRecording(t, recordingWithTail(t, `{"seq":9,"time":"2026-01-01T00:00:00Z","kind":"ht`))
	if got := statusAtReplayEnd(t, p, 200); !strings.Contains(got, "end of the recording: line 5 is cut short (the recording was interrupted)") {
		t.Errorf("status at the end = %q, want it to say the recording was cut short", got)
	}
}

// A recording of only its header says so when its replay ends, rather than
// show an empty screen at 0/0 as if it were still starting.
func TestReplayOfAnEmptyRecordingSaysSo(t *testing.T) {
	p := loadRecording(t, writeRecording(t, nil))
	now := fixedNow
	m := newReplay(p, &now)
	if m.Init() == nil {
		t.Fatal("the replay clock does not start: at its end from the start, the end is never said")
	}
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 45})
	for i := 0; i < 5 && !strings.Contains(m.status.view(), "holds no records"); i++ {
		now = now.Add(time.Second)
		m.Update(replayTickMsg{})
	}
	if got := m.status.view(); !strings.Contains(got, "the recording holds no records, only its header") {
		t.Errorf("status = %q, want it to say the recording is empty", got)
	}
}
