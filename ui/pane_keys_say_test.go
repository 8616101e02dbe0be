package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// n and N pressed in a pane other than Detail did nothing and said
// nothing: they say where they work, and once Detail holds a search, how
// to get to it.
func TestMatchKeysOutsideDetailSaySo(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	for _, k := range []string{"n", "N"} {
		m.status.msg = nil
		press(m, k)
		if view := ansi.Strip(m.View()); !strings.Contains(view, "n/N step through a Detail search: enter opens a row there, / searches it") {
			t.Errorf("%s in Pairs: the screen does not say where the key works:\n%s", k, view)
		}
	}
	press(m, "home", "enter", "/")
	typeKeys(m, "jsonrpc")
	press(m, "enter", "esc")
	if m.focus != panePairs {
		t.Fatalf("esc from Detail did not go back to Pairs (focus %v)", m.focus)
	}
	press(m, "n")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "n/N step through the search in Detail: tab goes there") {
		t.Errorf("n in Pairs with a search in Detail: the screen does not say how to step through it:\n%s", view)
	}
}

// Enter in Negotiation, which has no rows, did nothing and said nothing
// (on 80 columns it is a tab of its own): it says what enter opens and
// where.
func TestEnterInNegotiationSaysSo(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	for range 4 {
		if m.focus == paneNegotiation {
			break
		}
		press(m, "tab")
	}
	if m.focus != paneNegotiation {
		t.Fatalf("tab never reached Negotiation (focus %v)", m.focus)
	}
	press(m, "enter")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Negotiation has no rows: enter opens a pair or an event (tab goes to Pairs)") {
		t.Errorf("enter in Negotiation: the screen does not say why nothing opened:\n%s", view)
	}
	if m.focus != paneNegotiation {
		t.Errorf("enter in Negotiation moved the focus to %v", m.focus)
	}
}
