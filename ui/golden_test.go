package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// requireGolden compares got with testdata/<test name>.golden; the -update flag
// (registered by x/exp/golden, which teatest uses too) rewrites it.
func requireGolden(t *testing.T, got string) {
	t.Helper()
	golden.RequireEqual(t, []byte(got))
}

// checkFrame asserts the frame is exactly w x h cells.
func checkFrame(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("view has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := cellWidth(l); got != w {
			t.Errorf("line %d is %d cells wide, want %d: %q", i, got, w, l)
		}
	}
}

// screenRows splits view into its rows and asserts it fills a w x h
// screen without going past it: exactly h rows, none wider than w cells.
func screenRows(t *testing.T, view string, w, h int) []string {
	t.Helper()
	rows := strings.Split(view, "\n")
	if len(rows) != h {
		t.Fatalf("the screen has %d rows, want %d:\n%s", len(rows), h, view)
	}
	for i, r := range rows {
		if got := cellWidth(r); got > w {
			t.Errorf("row %d is %d cells wide: %q", i, got, r)
		}
	}
	return rows
}

func TestGoldenWide(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	// Open the greet call in the detail pane: up from the newest row.
	press(m, "up", "up", "up", "up", "up", "enter")
	view := m.View()
	checkFrame(t, view, 160, 45)
	requireGolden(t, view)
}

func TestGoldenNarrow(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	view := m.View()
	checkFrame(t, view, 80, 24)
	requireGolden(t, view)
}
