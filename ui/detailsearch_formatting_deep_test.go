package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Enter on a search typed while a large answer is still being formatted
// brings the match into view when the lines come, as it does once they
// are there. Before, the match below the screen was only counted ("1
// match") and the top of the answer stayed; on a busy machine the live
// demo's big answer was still formatting when the search was sent.
func TestDetailSearchWhileFormattingGoesToTheMatch(t *testing.T) {
	text := strings.Repeat(`filler line\n`, 6000) + `the needle line\n` + strings.Repeat(`filler line\n`, 100)
	m := newTestModel(t, 80, 24, nil, hugeAnswerRecords(text))
	_, cmd := m.Update(keyMsg("enter"))
	if view := m.View(); !strings.Contains(view, "formatting") {
		t.Fatalf("the answer is not formatted off the update loop:\n%s", view)
	}
	press(m, "/")
	typeKeys(m, "NEEDLE")
	press(m, "enter")
	if view := ansi.Strip(m.View()); strings.Contains(view, "not found") {
		t.Errorf("before the lines came, the title says the text is not there:\n%s", view)
	}
	m.Update(runCmd(t, cmd, isFormatted))
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“NEEDLE” 1/1") || !strings.Contains(view, "the needle line") {
		t.Errorf("after the lines came, the match is not in view and named 1/1:\n%s", view)
	}
}
