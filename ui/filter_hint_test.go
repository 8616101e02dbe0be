package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// The filter looks at the first filterScan bytes of an event's data (a
// 12 KiB tools/list does not match a tool named at its end); the line
// under it says so, where it used to promise the data whole.
func TestFilterHintSaysHowMuchDataItReads(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	press(m, "/")
	want := "data (its first " + history.FormatSize(filterScan) + ")"
	if view := m.View(); !strings.Contains(view, want) {
		t.Errorf("typing a filter, the screen does not say %q:\n%s", want, view)
	}
}
