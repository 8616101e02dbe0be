package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// v while a Detail search's match is on screen keeps that match on
// screen in the other form: raw bytes went to the top of the Response,
// thousands of lines above the line the search had found, and the title
// no longer said which match was shown.
func TestDetailRawToggleKeepsTheMatchInView(t *testing.T) {
	var b strings.Builder
	for i := range 4000 {
		if i == 2500 {
			b.WriteString("the needle is here\\n")
			continue
		}
		b.WriteString("a line of filler text that is only there to be scrolled past\\n")
	}
	m := answerInDetail(t, b.String())
	press(m, "/", "needle", "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "the needle is here") {
		t.Fatalf("the search did not bring its match into view:\n%s", view)
	}
	for _, form := range []string{"raw bytes", "pretty"} {
		if view := pressV(t, m); !strings.Contains(view, "needle") || !strings.Contains(view, "“needle” 1/1") {
			t.Errorf("v to %s: the match the search found is not in view, or the title does not say it is:\n%s", form, view)
		}
	}
}

// v keeps the match being read when the two forms hold it on lines not
// alike in number: five short lines of "needle" are five lines of pretty
// JSON and one line of raw bytes, and the far match, the sixth line
// holding it in pretty, was looked for as the sixth raw line holding it
// (there are two): raw bytes opened at the Response's top, "2 matches",
// and back in pretty the match shown was the second short line, not the
// far one. Matches are counted, not lines: 6/6 in both forms.
func TestDetailRawToggleKeepsTheMatchAmongOthersOnOneLine(t *testing.T) {
	var b strings.Builder
	for i := range 4000 {
		switch {
		case i >= 100 && i < 105:
			b.WriteString("needle\\n")
		case i == 2500:
			b.WriteString("the far needle is here\\n")
		default:
			b.WriteString("a line of filler text that is only there to be scrolled past\\n")
		}
	}
	m := answerInDetail(t, b.String())
	press(m, "/", "far needle", "enter") // brings the far match into view
	press(m, "/", "needle", "enter")     // the first in view is the far one
	if view := ansi.Strip(m.View()); !strings.Contains(view, "the far needle is here") || !strings.Contains(view, "“needle” 6/6") {
		t.Fatalf("the search did not show the far match:\n%s", view)
	}
	for _, want := range []string{"“needle” 6/6", "“needle” 6/6"} {
		if view := pressV(t, m); !strings.Contains(view, "far needle") || !strings.Contains(view, want) {
			t.Errorf("v: the far match is not in view, or the title does not say %s:\n%s", want, view)
		}
	}
}

// answerInDetail is a model at 80x24 whose Detail shows an answer of a
// tool whose text is text, formatted.
func answerInDetail(t *testing.T, text string) *Model {
	m := newTestModel(t, 80, 24, nil, hugeAnswerRecords(text))
	_, cmd := m.Update(keyMsg("enter"))
	m.Update(runCmd(t, cmd, isFormatted))
	return m
}

// pressV presses v in Detail and is the screen once the other form's
// lines are formatted.
func pressV(t *testing.T, m *Model) string {
	_, cmd := m.Update(keyMsg("v"))
	m.View() // the placeholder is drawn while the lines are formatted
	m.Update(runCmd(t, cmd, isFormatted))
	return ansi.Strip(m.View())
}
