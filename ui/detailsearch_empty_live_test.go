package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// "/" in a Detail that shows nothing yet says there is nothing to search
// and how to fill the pane, and opens no search box: it searched the hint
// ("select a pair or an event…") and answered "not found", as if a message
// had been looked through. Live against the demo at 80x24, Detail's tab
// reached with Tab before any pair was opened.
func TestLiveDetailSearchEmptySaysSelectFirst(t *testing.T) {
	l := liveDemoAt80(t)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("esc back to the list") // Detail has the keys
	l.mark()
	l.tm.Type("/")
	l.waitFor("nothing to search yet: select a pair or an event and press enter")
	l.tm.Type("x")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	m := l.quit()
	if m.focus != paneDetail {
		t.Fatalf("Detail does not have the keys (focus %v)", m.focus)
	}
	if m.detail.searching() || m.detail.search.query != "" {
		t.Errorf("/ in an empty Detail opened the search (open %v, query %q), want it left closed", m.detail.searching(), m.detail.search.query)
	}
	view := ansi.Strip(m.View())
	if strings.Contains(view, "not found") || strings.Contains(ansi.Strip(l.seen.String()[l.from:]), "not found") {
		t.Errorf("an empty Detail was searched:\n%s", view)
	}
}
