package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// The replay's help stood 77 columns wide at 80, a column nearer the left
// edge than the right, where the live one's spanned the screen: both now
// lay the box out alike, spanning the screen when the groups take more
// than one row and centred to the column when they do not.
func TestHelpOverlaySpansOrCentresInReplayAndLive(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {160, 45}} {
		live := newTestModel(t, sz[0], sz[1], nil, fixtureRecords())
		p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
		now := fixedNow
		replay := newReplay(p, &now)
		replay.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		for name, m := range map[string]*Model{"live": live, "replay": replay} {
			press(m, "?")
			view := ansi.Strip(m.View())
			var top string
			for _, l := range strings.Split(view, "\n") {
				if strings.Contains(l, "╭─ Keys") {
					top = l
				}
			}
			if top == "" {
				t.Fatalf("%s %dx%d: no help box:\n%s", name, sz[0], sz[1], view)
			}
			r := []rune(top)
			left := len(r) - len([]rune(strings.TrimLeft(top, " ")))
			right := len(r) - len([]rune(strings.TrimRight(top, " ")))
			if sz[0] == 80 && (left != 0 || right != 0) {
				t.Errorf("%s 80x24: the help box does not span the screen (%d columns left of it, %d right):\n%s", name, left, right, view)
			}
			if left != right {
				t.Errorf("%s %dx%d: the help box is off centre (%d columns left of it, %d right):\n%s", name, sz[0], sz[1], left, right, view)
			}
		}
	}
}
