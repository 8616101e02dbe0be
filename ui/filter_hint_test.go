package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// The filter looks at the first filterScan bytes of an event's data (an
// event of 2 MiB does not match text at its end); the line under it says
// so, where it used to promise the data whole.
func TestFilterHintSaysHowMuchDataItReads(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	press(m, "/")
	want := "data (its first " + history.FormatSize(filterScan) + ")"
	if view := m.View(); !strings.Contains(view, want) {
		t.Errorf("typing a filter, the screen does not say %q:\n%s", want, view)
	}
}

// At 80 columns the filter's hint wraps onto the command line's second
// row, left blank, instead of being cut before what it matches.
func TestFilterHintWrapsAtEighty(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "tab", "tab", "tab", "/") // the tabs bring Raw events forward
	if !m.events.typing() {
		t.Fatalf("/ did not open the filter")
	}
	view := m.View()
	words := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(words, "contain the text, in any case") {
		t.Errorf("the filter hint is cut at 80 columns:\n%s", view)
	}
	checkFrame(t, view, 80, 24)
}
