package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// At the end of a replay on a 79- or 80-column terminal the bar left the
// protocol version out for "at the end: g plays it again" and then kept
// nine columns blank: the words were a few too many to sit beside it. The
// bar keeps the version and the key that plays it again.
func TestReplayEndKeepsTheVersionAt80(t *testing.T) {
	for _, width := range []int{79, 80} {
		now := fixedNow
		p := history.NewPlayer(history.Header{URL: statelessURL, Transport: "stateless"}, statelessRecords().recs)
		m := New(Options{Player: p, Styles: testStyles(), URL: statelessURL, Transport: "stateless", Now: func() time.Time { return now }})
		m.Update(tea.WindowSizeMsg{Width: width, Height: 24})
		m.Update(replayTickMsg{})
		jumpToEnd(t, m)
		now = now.Add(time.Second)
		m.Update(replayTickMsg{})
		view := m.View()
		checkFrame(t, view, width, 24)
		lines := strings.Split(ansi.Strip(view), "\n")
		bar := lines[len(lines)-1]
		if !strings.Contains(bar, "2026-07-28") || !strings.Contains(bar, "g plays it again") {
			t.Errorf("at %d columns the end of the replay leaves out the protocol version or the key: %q", width, bar)
		}
	}
}
