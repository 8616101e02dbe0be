package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A call typed and sent before the tools were listed waits for the
// listing; when the schema then warns about it (echo without its required
// text), it is not sent unseen ("sent anyway" before the warning was ever
// shown, and the server's refusal): it goes back to the command line with
// the warning, as a first Enter does, and a second Enter sends it.
func TestCallWaitingForListingWarnsBeforeSending(t *testing.T) {
	l, release := callBeforeListing(t, "echo")
	l.mark()
	close(release)
	l.waitFor("enter again sends anyway")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("tools/call echo:")
	l.waitRowState("tools/call echo", "✗ isError")
	m := l.quit()
	if got := pairsOf(m, "tools/call echo"); len(got) != 1 {
		t.Errorf("tools/call echo rows %v, want the one sent by the second enter", got)
	}
	if m.cmdline.Focused() {
		t.Errorf("the command line is still open after the second enter sent the call")
	}
}
