package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// x on a finished row said why at 80 columns in a line cut with "…"
// ("… already ended (✓ ok); x on a pending…"), where a refusal wrapped
// under the keys row: every status message wraps and is read whole.
func TestStatusMessagesAllWrapWhole(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	var said string
	for range 10 {
		m.Update(keyMsg("up"))
		m.Update(keyMsg("x"))
		if said = m.status.msg.text; strings.Contains(said, "already ended") {
			break
		}
	}
	if !strings.Contains(said, "on a pending row cancels it") {
		t.Fatalf("x on a finished row did not say so: %q", said)
	}
	v := ansi.Strip(m.View())
	if got := strings.Join(strings.Fields(v), " "); !strings.Contains(got, said) {
		t.Errorf("the screen does not say %q whole:\n%s", said, v)
	}
}

// With the help open over the command line's rows, a message has only the
// bar: y's was cut mid-word there ("… sent it th…"). It is cut after a
// whole word.
func TestStatusUnderHelpCutAfterWord(t *testing.T) {
	for w := 70; w <= 100; w++ {
		m := newTestModel(t, w, 24, newFakeBackend(), fixtureRecords())
		m.Update(keyMsg("?"))
		m.Update(copiedMsg{what: "response JSON of tools/call forecast, id 5015003", n: 156, total: 156, tmux: true})
		rows := strings.Split(ansi.Strip(m.View()), "\n")
		bar := strings.TrimRight(rows[len(rows)-1], " ")
		if !strings.HasSuffix(bar, " …") || !strings.Contains(bar, "copied the") {
			t.Fatalf("at %d columns the bar does not cut y's message after a whole word:\n%s", w, strings.Join(rows, "\n"))
		}
	}
}
