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

// "z is no key" ends at the next key that is one, where it stood its 5 s
// over what that key did: tab pressed after it moved to the next pane
// under a line still saying z was no key.
func TestUnboundKeyNoteEndsAtTheNextKey(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), nil)
	press(m, "z")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "z is no key") {
		t.Fatalf("z, a key bound to nothing, said nothing:\n%s", v)
	}
	press(m, "j")
	if v := ansi.Strip(m.View()); strings.Contains(v, "is no key") {
		t.Errorf("after j, a key, the bar still says z was none:\n%s", v)
	}
	press(m, "z")
	press(m, "Z")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Z is no key") || strings.Contains(v, "z is no key") {
		t.Errorf("after z then Z, both no keys, the bar should name Z only:\n%s", v)
	}
}
