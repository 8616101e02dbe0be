package ui

import (
	"strings"
	"testing"
)

// Tab while typing a filter did nothing, and said nothing: the user, who
// moves between panes with it everywhere else, was left in the input.
// It keeps the filter, as enter does, and moves to the next pane.
func TestTabLeavesTheFilterKeepingIt(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "/", "m", "e", "s")
	settleFilter(t, m)
	press(m, "tab")
	if m.events.typing() || m.focus != panePairs {
		t.Fatalf("tab in the filter: typing %v, focus %v, want the filter left and Pairs focused", m.events.typing(), m.focus)
	}
	if m.events.filter.query != "mes" {
		t.Errorf("tab lost the filter: query %q, want %q", m.events.filter.query, "mes")
	}
	press(m, "shift+tab")
	if v := m.View(); !strings.Contains(v, "/ mes") || !strings.Contains(v, "match") {
		t.Errorf("back on Raw events the kept filter is not shown:\n%s", v)
	}
}

// So does Tab while typing a search of Detail: the search is made, as
// enter makes it (n steps through its matches), and the focus moves on.
func TestTabLeavesTheDetailSearchKeepingIt(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "enter")
	if m.focus != paneDetail {
		t.Fatalf("enter: focus %v, want Detail", m.focus)
	}
	press(m, "/", "i", "d", "tab")
	if m.detail.searching() || m.focus == paneDetail {
		t.Fatalf("tab in the search: searching %v, focus %v, want the search left and the focus moved", m.detail.searching(), m.focus)
	}
	if !m.detail.searched() {
		t.Errorf("tab dropped the search typed: n has nothing to step through")
	}
}
