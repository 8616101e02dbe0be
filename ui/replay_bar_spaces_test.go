package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/themes"
)

// On a terminal that shows no colour (the tests' profile) the replay bar's
// fields are single-spaced: their padding is for a painted block, and
// unpainted it read "REPLAY sse   ▶ 1/36 1x  ◌ connecting". In mono the badge is
// drawn reversed, so its padding stays: it is the block's edge.
func TestReplayBarHasNoDoubleSpaces(t *testing.T) {
	for _, tc := range []struct {
		theme int // in themes.Builtins
		want  string
	}{
		{0, "REPLAY sse ▶ 1/"},
		{4, " REPLAY sse  ▶ 1/"},
	} {
		th := themes.Builtins()[tc.theme]
		p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
		m := New(Options{Player: p, Styles: themes.NewStyles(th.Palette), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
		m.Update(replayTickMsg{})
		bar := ansi.Strip(m.status.view())
		if !strings.HasPrefix(bar, tc.want) {
			t.Errorf("%d: replay bar %q, want it to start %q", tc.theme, bar, tc.want)
		}
		if i := strings.Index(bar, "1x"); i < 0 || !strings.HasPrefix(bar[i:], "1x ◌ connecting") {
			t.Errorf("%d: replay bar %q, want \"1x ◌ connecting\" single-spaced", tc.theme, bar)
		}
	}
}
