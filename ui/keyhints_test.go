package ui

import (
	"strings"
	"testing"
)

// The hints that name a key take its name from the one key map, so they
// cannot drift from the key that really does it.
func TestHintsNameTheKeysOfTheKeyMap(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	if view := m.View(); !strings.Contains(view, "select a pair or an event and press enter") {
		t.Fatalf("the empty Detail should say which key opens a row:\n%s", view)
	}
	press(m, "?")
	if view := m.View(); !strings.Contains(view, "press ? or esc to close") {
		t.Fatalf("the help's footer should say how to close it:\n%s", view)
	}
	press(m, "?")
	m.keys.Cancel.SetHelp("ctrl+g", m.keys.Cancel.Help().Desc)
	press(m, "?")
	if view := m.View(); !strings.Contains(view, "press ? or ctrl+g to close") {
		t.Errorf("with esc named ctrl+g, the help's footer should say ctrl+g:\n%s", view)
	}
}
