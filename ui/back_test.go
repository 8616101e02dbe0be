package ui

import (
	"strings"
	"testing"
)

// TestEscReturnsFromDetail: on an 80-column terminal enter switches to the
// Detail tab; esc goes back to the list it came from, its row still
// selected, instead of asking for a round of tabs. Help names the key.
func TestEscReturnsFromDetail(t *testing.T) {
	m := newTestModel(t, 80, 24, nil, fixtureRecords())
	press(m, "up", "up", "enter")
	if m.focus != paneDetail {
		t.Fatalf("enter: focus = %v, want detail", m.focus)
	}
	cursor := m.pairs.list.cursor
	press(m, "esc")
	if m.focus != panePairs || m.slot != panePairs || m.pairs.list.cursor != cursor {
		t.Fatalf("esc from detail: focus %v slot %v cursor %d, want pairs with cursor %d", m.focus, m.slot, m.pairs.list.cursor, cursor)
	}
	if !strings.Contains(m.View(), "╭─ Pairs") {
		t.Errorf("esc from detail does not show the pairs:\n%s", m.View())
	}

	// From Raw events, back to Raw events.
	press(m, "shift+tab", "home", "enter")
	if m.focus != paneDetail {
		t.Fatalf("enter on an event: focus = %v, want detail", m.focus)
	}
	press(m, "esc")
	if m.focus != paneEvents {
		t.Errorf("esc from an event's detail: focus = %v, want raw events", m.focus)
	}

	m = newTestModel(t, 160, 45, nil, fixtureRecords())
	press(m, "?")
	if !strings.Contains(m.View(), "esc       back to the list") {
		t.Errorf("help does not name esc in Detail:\n%s", m.View())
	}
}
