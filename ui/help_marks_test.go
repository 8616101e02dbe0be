package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The Pairs rows' marks ("↪ input", "· probe 400", "⊘ declined",
// "↩ answered") were explained nowhere: ? names each with its meaning.
func TestHelpExplainsPairMarks(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	press(m, "?")
	var view strings.Builder
	for range 10 {
		view.WriteString(ansi.Strip(m.View()))
		press(m, "pgdown")
	}
	for _, want := range []string{"↪ input     the server asks for input", "· probe 400 a detection probe", "⊘ declined  a server's question you declined", "↩ answered  a server's request answered"} {
		if !strings.Contains(view.String(), want) {
			t.Errorf("the help does not say %q:\n%s", want, view.String())
		}
	}
}
