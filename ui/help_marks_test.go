package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The Pairs rows' marks ("↪ input", "· probe 400", "⊘ declined",
// "↩ answered") were explained nowhere: ? names each with its meaning.
// A probe the server took ("· probe", the demo's first row) and one it
// failed ("✗ probe 500") are explained too, not only a refused one.
func TestHelpExplainsPairMarks(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	press(m, "?")
	var view strings.Builder
	for range 10 {
		view.WriteString(ansi.Strip(m.View()))
		press(m, "pgdown")
	}
	for _, want := range []string{"↪ input      the server asks for input", "· probe      a detection probe; · probe 400: refused, not its transport", "✗ probe 500  a detection probe the server failed", "⊘ declined   a server's question you declined", "↩ answered   a server's request answered"} {
		if !strings.Contains(view.String(), want) {
			t.Errorf("the help does not say %q:\n%s", want, view.String())
		}
	}
}

// Below 76 columns the box cut a meaning at its edge ("answer, and a
// ne…"): each wraps onto rows of its own, every word read.
func TestHelpWrapsMeaningsWhenNarrow(t *testing.T) {
	for _, w := range []int{60, 80} {
		m := newTestModel(t, w, 40, newFakeBackend(), fixtureRecords())
		press(m, "?")
		var view strings.Builder
		for range 80 {
			v := ansi.Strip(m.View())
			for _, r := range strings.Split(v, "\n") {
				if strings.Contains(r, "…") {
					t.Errorf("%d columns: a help row is cut: %q", w, r)
				}
			}
			view.WriteString(v)
			press(m, "j")
		}
		joined := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╰", " ", "─", " ").Replace(view.String())), " ")
		for _, want := range []string{
			"the server asks for input: answer, and a new round goes",
			"a call that took rounds of input, as it ended (its rounds follow)",
			"sent again by a resumed stream: nothing new",
			"leave / dismiss a question (cancel a form, decline a sampling)",
			"copy the row's JSON (an event's data)",
		} {
			if !strings.Contains(joined, want) {
				t.Errorf("%d columns: the help does not say %q whole:\n%s", w, want, view.String())
			}
		}
	}
}
