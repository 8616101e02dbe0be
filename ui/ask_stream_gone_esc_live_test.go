package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Esc on a form whose legacy /sse stream broke: the cancel it stands for
// cannot reach the server any more than Enter's answer can. Before, the
// status bar said "cancelled … (action: cancel)" as if the server had it.
func TestLiveFormCancelAfterLegacyDropSaysNotSent(t *testing.T) {
	l := formOnBrokenLegacyStream(t, "accept name=An")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor("could not send your cancel")
	m := l.quit()
	if m.ask.open() {
		t.Error("the form is still open after Esc")
	}
	if msg := m.status.msg; msg != nil && strings.Contains(msg.text, "cancelled the form") {
		t.Errorf("the status bar reads %q: it says the cancel was sent, yet the stream was gone", msg.text)
	}
	elicitationNotAnswered(t, m, "cancel")
}
