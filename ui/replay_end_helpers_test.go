package ui

import (
	"os"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// recordingWithTail writes the first three fixture records to a recording,
// then tail as it stands (damaged lines, records put there by hand), and
// returns its path.
func recordingWithTail(t *testing.T, tail string) string {
	t.Helper()
	path := writeRecording(t, fixtureRecords()[:3])
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(tail); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// newReplay is the TUI replaying p, on a clock that moves only when the
// test moves *now, so that ticks play exactly what the test means.
func newReplay(p *history.Player, now *time.Time) *Model {
	return New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return *now }})
}

// statusAtReplayEnd plays p to its end, as a user who pressed G and waited
// would, in a window width columns wide, and returns the status bar then.
func statusAtReplayEnd(t *testing.T, p *history.Player, width int) string {
	t.Helper()
	return replayAtEnd(t, p, width, 45).status.view()
}

// replayAtEnd is the TUI that played p to its end, as a user who pressed G
// and waited would, in a window width by height.
func replayAtEnd(t *testing.T, p *history.Player, width, height int) *Model {
	t.Helper()
	now := fixedNow
	m := newReplay(p, &now)
	m.Update(tea.WindowSizeMsg{Width: width, Height: height})
	jumpToEnd(t, m)
	// One tick more: the end is said on the tick after the last record.
	now = now.Add(time.Second)
	m.Update(replayTickMsg{})
	return m
}

// jumpToEnd presses G and gives the replay the beats it takes to index
// all G handed out: a beat indexes for at most replayFrameWork, so on a
// loaded machine what is left waits in the backlog for the next beats.
// The screen is drawn after G and after each beat, as the terminal draws
// it after every update: a pane drawn as the last record came must be
// drawn anew once the replay is at its end.
func jumpToEnd(t *testing.T, m *Model) {
	t.Helper()
	press(m, "G")
	m.View()
	for i := 0; !m.replay.ended(); i++ {
		if i > 1000 {
			t.Fatalf("G: %d records still wait to be indexed after %d beats", len(m.replay.backlog), i)
		}
		m.Update(replayTickMsg{})
		m.View()
	}
}
