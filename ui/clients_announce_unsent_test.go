package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An unsent answer's words, carried after a new client's announcement
// (carryUnsent), went from the status line when the announcement was
// worded again as that client ended: the answer was kept with no word
// left on screen of where.
func TestAnnouncementKeepsUnsentWordsWhenReworded(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	addClient(m, 1, "shown")
	addClient(m, 2, "newcomer")
	unsent := "could not send the answer to q1: your answer is kept"
	m.unsent.text, m.unsent.id = unsent, -1
	m.carryUnsent(unsent)
	m.Update(clientEndedMsg{2})
	text := m.status.msg.text
	if !strings.Contains(text, "(ended)") {
		t.Fatalf("client 2 ended, its announcement was not worded again: %q", text)
	}
	if !strings.HasSuffix(text, " · "+unsent) {
		t.Errorf("after the announcement was worded again the status says %q, want it to end with %q", text, " · "+unsent)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "your answer is kept") {
		t.Errorf("the screen no longer says the answer is kept:\n%s", v)
	}
}
