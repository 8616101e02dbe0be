package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// "/" reopens the Detail search empty, as less's and vim's do: what is
// typed is the new query, not the last one with it appended ("zzzz" became
// "zzzzzzzz"). The empty input names the last query, and enter on it finds
// that again.
func TestDetailSearchReopensEmpty(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home", "enter", "/")
	typeKeys(m, "jsonrpc")
	press(m, "enter", "/")
	if v := m.detail.search.input.Value(); v != "" {
		t.Errorf("/ reopened the search holding %q, want it empty", v)
	}
	if view := ansi.Strip(m.View()); !strings.Contains(view, "jsonrpc (enter finds it again") {
		t.Errorf("the reopened search does not name the last query:\n%s", view)
	}
	typeKeys(m, "method")
	press(m, "enter")
	if view := ansi.Strip(m.View()); m.detail.search.query != "method" || !strings.Contains(view, "“method” 1/") {
		t.Errorf("typing after / searched %q, want \"method\":\n%s", m.detail.search.query, view)
	}
	press(m, "/", "enter")
	if view := ansi.Strip(m.View()); m.detail.search.query != "method" || !strings.Contains(view, "“method” 1/") {
		t.Errorf("enter on the empty search searched %q, want the last query \"method\" again:\n%s", m.detail.search.query, view)
	}
}
