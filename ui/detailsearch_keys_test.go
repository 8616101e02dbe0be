package ui

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The key line under the panes names n and N beside "/ search" while a
// Detail search has matches, all of it within 80 columns: it named only
// "/", and stepping through the matches was said by the help alone. A
// search that found nothing, or no search, names no keys that would do
// nothing.
func TestDetailKeyLineNamesMatchKeys(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home", "enter")
	keys := func() string { return row(ansi.Strip(m.View()), "/ search", "? help") }
	if line := keys(); line == "" || row(line, "n/N") != "" {
		t.Errorf("before a search the key line is %q, want / search without n/N", line)
	}
	press(m, "/")
	typeKeys(m, "jsonrpc")
	press(m, "enter")
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	if row(view, "/ search · n/N next/prev · esc back", "? help", "? help") == "" {
		t.Errorf("with matches the key line does not name n and N:\n%s", view)
	}
	press(m, "/")
	typeKeys(m, "zzzz-nowhere")
	press(m, "enter")
	if line := keys(); line == "" || row(line, "n/N") != "" {
		t.Errorf("with no match the key line is %q, want / search without n/N", line)
	}
}
