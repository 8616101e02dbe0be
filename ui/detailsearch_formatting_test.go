package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A search typed while a large answer is still being formatted (Detail
// shows its placeholder) is searched again in the lines when they come:
// before, the matches found in the placeholder stayed, so the title said
// the text was not found and n did nothing, though it was on screen.
func TestDetailSearchWhileFormatting(t *testing.T) {
	m := newTestModel(t, 80, 24, nil, hugeAnswerRecords("needle "+strings.Repeat("x", 100<<10)))
	_, cmd := m.Update(keyMsg("enter"))
	if view := m.View(); !strings.Contains(view, "formatting") {
		t.Fatalf("the answer is not formatted off the update loop:\n%s", view)
	}
	press(m, "/")
	typeKeys(m, "NEEDLE")
	press(m, "enter")
	m.Update(runCmd(t, cmd, isFormatted))
	if view := ansi.Strip(m.View()); strings.Contains(view, "not found") || !strings.Contains(view, "“NEEDLE” 1 match") && !strings.Contains(view, "“NEEDLE” 1/1") {
		t.Errorf("after the lines came, the title does not count the match:\n%s", view)
	}
	press(m, "n")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“NEEDLE” 1/1") {
		t.Errorf("n does not go to the match:\n%s", view)
	}
}
