package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A replay's position counts records: "▶ 11/40 1x" beside "3 req" read
// as eleven of forty requests. The bar says what it counts where it has
// room, at 60 and 80 columns as at 160 (where it has none, the word goes
// after the protocol version, before the counts).
func TestReplayPositionSaysItCountsRecords(t *testing.T) {
	for _, tc := range []struct{ w, h int }{{80, 24}, {160, 45}, {60, 24}} {
		recs := fixtureRecords()
		now := fixedNow
		p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, recs)
		m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
		m.Update(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
		m.Update(replayTickMsg{})
		now = now.Add(100 * time.Millisecond)
		m.Update(replayTickMsg{})
		press(m, " ")
		bar := ansi.Strip(m.status.view())
		want := fmt.Sprintf("⏸ 11/%d records 1x", len(recs))
		if !strings.Contains(bar, want) {
			t.Errorf("%dx%d: status bar = %q, want %q", tc.w, tc.h, bar, want)
		}
		if w := ansi.StringWidth(strings.TrimRight(bar, " ")); w > tc.w {
			t.Errorf("%dx%d: status bar is %d columns: %q", tc.w, tc.h, w, bar)
		}
	}
}
