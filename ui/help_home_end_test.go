package ui

import (
	"strings"
	"testing"
)

// Home and end go to the help's top and bottom at 80x24, as in every
// pane: under the help they did nothing, and its last keys were reached
// only a row at a time.
func TestHelpHomeAndEnd(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "?", "end")
	view := m.View()
	checkFrame(t, view, 80, 24)
	if !strings.Contains(view, "later command") || strings.Contains(view, "more below") {
		t.Fatalf("end under the help did not show its last keys:\n%s", view)
	}
	press(m, "home")
	if view := m.View(); !strings.Contains(view, "Global") || !strings.Contains(view, "more below") || strings.Contains(view, "more above") {
		t.Fatalf("home under the help did not go back to its top:\n%s", view)
	}
	if !m.showHelp {
		t.Errorf("home and end closed the help")
	}
}
