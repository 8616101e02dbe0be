package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// 2, pressed for the second tab of the bar at 80 columns, did nothing and
// said nothing. A printable key bound to nothing says so and names tab
// and the help; a key bound to something (j) says no such thing.
func TestUnboundKeySaysSo(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), nil)
	press(m, "2")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "2 is no key: tab goes to the next pane, ? lists every key") {
		t.Errorf("2, a key bound to nothing, said nothing:\n%s", v)
	}
	m = newTestModel(t, 80, 24, newFakeBackend(), nil)
	press(m, "j")
	if v := ansi.Strip(m.View()); strings.Contains(v, "is no key") {
		t.Errorf("j, a key, was said to be none:\n%s", v)
	}
}
