package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The "came on" line of Detail's Response section was padded to the
// width of a label column even when no other labelled line followed it
// to align with: "came on   the response stream…" read as a gap. Alone,
// it is single-spaced; the request's "came on" alike.
func TestDetailCameOnAloneIsSingleSpaced(t *testing.T) {
	l := liveDemoAt80(t)
	l.callOK("greet name=Ada")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	m := l.quit()
	press(m, "G")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "came on the response stream") {
		t.Errorf("Detail's Response does not read \"came on the response stream\":\n%s", view)
	}
	if strings.Contains(view, "came on  ") {
		t.Errorf("Detail's \"came on\" is followed by a gap:\n%s", view)
	}
}
