package ui

import (
	"regexp"
	"strconv"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Drawing changes nothing: after the terminal grows under a pane scrolled
// to its end, View shows the clamped end without moving the stored place,
// and the first press of up then moves what is shown by one line.
func TestViewChangesNothingAndUpMovesAfterAGrow(t *testing.T) {
	m := newTestModel(t, 160, 24, nil, fixtureRecords())
	press(m, "tab", "tab") // the negotiation pane
	if m.focus != paneNegotiation {
		t.Fatalf("focus = %v, want the negotiation pane", m.focus)
	}
	press(m, "end")
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	before := m.nego.scroll.offset
	first := negotiationLine(t, m.View())
	if m.nego.scroll.offset != before {
		t.Fatalf("View moved the negotiation pane's place from %d to %d", before, m.nego.scroll.offset)
	}
	press(m, "up")
	if got := negotiationLine(t, m.View()); got != first-1 {
		t.Errorf("after one up the pane starts at line %d, want %d (one above %d)", got, first-1, first)
	}
}

var positionNote = regexp.MustCompile(`Negotiation[^│]*· (\d+)/\d+`)

// negotiationLine is the first line the negotiation pane shows, from its
// title's note.
func negotiationLine(t *testing.T, view string) int {
	t.Helper()
	m := positionNote.FindStringSubmatch(view)
	if m == nil {
		t.Fatalf("the negotiation pane's title has no position note:\n%s", view)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
