package ui

import (
	"strings"
	"testing"
)

// While the help is open the keys row names the overlay's keys, not the
// pane's under it: ": command line" and "enter open in detail" did
// nothing there, and how to close it was said only inside the box.
func TestHelpKeysRowNamesTheOverlaysKeys(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 45}} {
		m := newTestModel(t, size[0], size[1], newFakeBackend(), fixtureRecords())
		press(m, "?")
		lines := strings.Split(m.View(), "\n")
		row := lines[m.lay.CmdLine.Y]
		if !strings.Contains(row, "? or esc closes") || strings.Contains(row, "command line") || strings.Contains(row, "open in detail") {
			t.Errorf("%dx%d: the keys row under the help = %q, want the overlay's keys", size[0], size[1], row)
		}
		if scrolls := size[1] == 24; scrolls != strings.Contains(row, "↑/k ↓/j scroll") {
			t.Errorf("%dx%d: the keys row under the help = %q; it names the scrolling keys only while the help scrolls", size[0], size[1], row)
		}
		press(m, "?")
		if row := strings.Split(m.View(), "\n")[m.lay.CmdLine.Y]; !strings.Contains(row, ": command line") {
			t.Errorf("%dx%d: the keys row after the help closed = %q, want the pane's keys back", size[0], size[1], row)
		}
	}
}
