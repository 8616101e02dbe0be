package ui

import (
	"strings"
	"testing"
)

// A request whose method is only spaces left its METHOD column blank where
// an empty one read "(no method)": both now say so.
func TestPairsBlankMethodSaysNoMethod(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	s.request("4", "", "", "{}")
	s.request("5", "   ", "", "{}")
	view := newTestModel(t, 80, 24, nil, s.recs).View()
	var rows []string
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "→") && strings.Contains(l, "req") {
			rows = append(rows, l)
		}
	}
	if len(rows) != 2 {
		t.Fatalf("want the two requests' rows, found %d:\n%s", len(rows), view)
	}
	for _, r := range rows {
		if !strings.Contains(r, "(no method)") {
			t.Errorf("a request's row does not say it has no method: %q\n%s", r, view)
		}
	}
}
