package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A notification's message is headed as one in Detail, not as a
// "Request": it is no request and has no answer to wait for. A request
// keeps its heading.
func TestDetailHeadsANotificationAsOne(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home", "down")
	if p := m.pairs.selected(); p == nil || p.Method != "notifications/initialized" {
		t.Fatalf("the fixture's second row is %+v, want notifications/initialized", p)
	}
	press(m, "enter")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "── Notification ──") || strings.Contains(view, "── Request ──") {
		t.Errorf("notifications/initialized in Detail is not headed Notification:\n%s", view)
	}
	press(m, "esc", "home", "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "── Request ──") {
		t.Errorf("initialize in Detail lost its Request heading:\n%s", view)
	}
}
