package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A proxy with no client yet says where to point one in Pairs; at 100
// columns the empty Detail beside it said it again. Once is enough, and
// Detail says it when it is the pane on screen (80 columns, its tab).
// The status bar's brief mention at 160 columns is not a pane's.
func TestProxyNoteShownOnceBesidePairs(t *testing.T) {
	const note = "point your client at"
	m := newProxyModel(t, make(chan Client))
	for _, size := range [][2]int{{100, 30}, {160, 45}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		v := ansi.Strip(m.View())
		rows := strings.Split(v, "\n")
		panes := strings.Join(rows[:len(rows)-3], "\n") // the status bar may say it too, in brief
		if n := strings.Count(panes, note); n != 1 {
			t.Errorf("at %dx%d %q shows %d times in the panes, want once:\n%s", size[0], size[1], note, n, v)
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.setFocus(paneDetail)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := ansi.Strip(m.View()); !strings.Contains(v, note) {
		t.Errorf("at 80x24 Detail on screen alone lost the note:\n%s", v)
	}
}
