package ui

import (
	"strings"
	"testing"
)

// The footer of a help that scrolls names the scrolling keys as the key
// map does (it said "↑/↓" by hand, and j/k, which scroll it too, went
// unnamed); a key map that names them otherwise is followed.
func TestHelpFooterTakesItsKeysFromTheKeyMap(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "?")
	if view := m.View(); !strings.Contains(view, "↑/k ↓/j more below · ? or esc to close") {
		t.Errorf("the help's footer does not name the key map's scrolling keys:\n%s", view)
	}
	m.keys.Up.SetHelp("ctrl+p", "up")
	m.keys.Down.SetHelp("ctrl+n", "down")
	if view := m.View(); !strings.Contains(view, "ctrl+p ctrl+n more below") {
		t.Errorf("the help's footer does not follow the key map:\n%s", view)
	}
}
