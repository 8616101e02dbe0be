package ui

import (
	"strings"
	"testing"
)

// Tab on a mistyped method or tool name found nothing to put in and said
// nothing (Enter alone said "did you mean"): it names the nearest one, so
// the user knows why nothing came and what to type.
func TestTabOnATypoNamesTheNearest(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"tool/lst", "tool/lst: did you mean tools/list?"},
		{"tools/call gret", "gret: did you mean greet?"},
	} {
		m := newTestModel(t, 100, 30, newFakeBackend(), fixtureRecords())
		press(m, ":")
		m.Update(runes(tc.typed))
		press(m, "tab")
		if v := m.View(); !strings.Contains(v, tc.want) {
			t.Errorf("tab after %q: want %q on screen:\n%s", tc.typed, tc.want, v)
		}
	}
}
