package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// y in Pairs copied the pair Detail held (initialize, opened before),
// while the highlighted row was notifications/initialized, and said only
// "the response JSON". It copies the highlighted row's pair and names it.
func TestLiveCopySelectedRowNotDetails(t *testing.T) {
	l := liveDemoAt80(t)
	m := l.quit()
	press(m, "home", "enter")
	if !strings.Contains(ansi.Strip(m.View()), "initialize · ") {
		t.Fatalf("Detail never showed initialize:\n%s", ansi.Strip(m.View()))
	}
	press(m, "esc", "down")
	if p := m.pairs.selected(); m.focus != panePairs || p == nil || p.Method != "notifications/initialized" {
		t.Fatalf("Pairs does not have notifications/initialized selected:\n%s", ansi.Strip(m.View()))
	}
	copied, ok := press(m, "y")().(copiedMsg)
	if !ok {
		t.Fatal("y did not copy")
	}
	m.Update(copied)
	view := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(view, "copied notification JSON of notifications/initialized (") {
		t.Errorf("the screen does not say the selected row was copied:\n%s", view)
	}
	// From Detail, y copies what Detail shows, named with its id.
	init := m.com.log.Pair(0)
	press(m, "home", "enter")
	copied, ok = press(m, "y")().(copiedMsg)
	if !ok {
		t.Fatal("y did not copy from Detail")
	}
	m.Update(copied)
	view = strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if want := "copied response JSON of initialize, id " + init.ID + " ("; !strings.Contains(view, want) {
		t.Errorf("the screen does not say %q:\n%s", want, view)
	}
}
