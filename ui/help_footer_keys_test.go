package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The footer of a help that scrolls names the scrolling keys as the key
// map does (it said "↑/↓" by hand, and j/k, which scroll it too, went
// unnamed); a key map that names them otherwise is followed. At 80
// columns it names pgup, pgdn, home and end too, which scroll it as well
// and went unnamed; at 60, where they do not fit, ↑ and ↓ alone, whole.
func TestHelpFooterTakesItsKeysFromTheKeyMap(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "?")
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	if !strings.Contains(view, "↑/k ↓/j pgup pgdn home end · more below · ? or esc to close") {
		t.Errorf("the help's footer does not name the key map's scrolling keys:\n%s", view)
	}
	m.keys.Up.SetHelp("ctrl+p", "up")
	m.keys.Down.SetHelp("ctrl+n", "down")
	if view := m.View(); !strings.Contains(view, "ctrl+p ctrl+n · more below") {
		t.Errorf("the help's footer does not follow the key map:\n%s", view)
	}
	narrow := newTestModel(t, 60, 24, newFakeBackend(), fixtureRecords())
	press(narrow, "?")
	view = ansi.Strip(narrow.View())
	checkFrame(t, view, 60, 24)
	if !strings.Contains(view, "↑/k ↓/j · more below · ? or esc to close") {
		t.Errorf("at 60 columns the help's footer is not whole:\n%s", view)
	}
}
