package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// n and N in Detail before any search did nothing and said nothing: the
// status line says there is no search yet and which key makes one. After
// a search they step through its matches as before.
func TestDetailMatchKeysBeforeASearchSaySo(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home", "enter")
	for _, k := range []string{"n", "N"} {
		m.status.msg = nil
		press(m, k)
		if view := ansi.Strip(m.View()); !strings.Contains(view, "no search to step through: / searches this detail first") {
			t.Errorf("%s before a search: the screen does not say why nothing moved:\n%s", k, view)
		}
	}
	press(m, "/")
	typeKeys(m, "jsonrpc")
	press(m, "enter", "n")
	if view := ansi.Strip(m.View()); strings.Contains(view, "no search to step through") || !strings.Contains(view, "“jsonrpc” 2/") {
		t.Errorf("n after a search did not step to the second match:\n%s", view)
	}
}
