package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Each group of the help stands in a column of its own: its title starts
// where its keys do, not a cell to the right of them (the padding a box's
// title takes on its border).
func TestHelpGroupTitlesLineUpWithTheirKeys(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	press(m, "?")
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	col := func(row, s string) int { return len([]rune(row[:strings.Index(row, s)])) }
	for _, g := range []struct{ title, key string }{{"Global", "q "}, {"Send", "i send"}, {"Raw events", "/     filter"}, {"Command line", "tab       complete"}} {
		found := false
		for i, r := range rows[:len(rows)-1] {
			if !strings.Contains(r, g.title) || !strings.Contains(rows[i+1], g.key) {
				continue
			}
			found = true
			if tc, kc := col(r, g.title), col(rows[i+1], g.key); tc != kc {
				t.Errorf("%q starts in column %d, its first key %q in %d:\n%s\n%s", g.title, tc, g.key, kc, r, rows[i+1])
			}
		}
		if !found {
			t.Errorf("no %q over %q in the help:\n%s", g.title, g.key, strings.Join(rows, "\n"))
		}
	}
}
