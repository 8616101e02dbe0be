package ui

import (
	"strings"
	"testing"
)

// The pane's title and its tab count the events, as the status bar does
// ("77 ev"), and say the rows when runs fold them: "Raw events 3" beside
// "77 ev" read as three events.
func TestEventsTitleCountsEventsAndRows(t *testing.T) {
	recs := twoPingRuns()
	for _, size := range [][2]int{{80, 24}, {160, 45}} {
		m := newTestModel(t, size[0], size[1], nil, recs)
		press(m, "tab", "tab", "tab") // at 80 columns the tabs bring Raw events forward
		v := m.View()
		for _, want := range []string{"Raw events 77 in 3 rows", " 77 ev "} {
			if !strings.Contains(v, want) {
				t.Errorf("at %dx%d the screen does not say %q:\n%s", size[0], size[1], want, v)
			}
		}
		if strings.Contains(v, "Raw events 3 ") {
			t.Errorf("at %dx%d a count of rows reads as one of events:\n%s", size[0], size[1], v)
		}
	}
}
