package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// y on an answer past the clipboard's limit said why it copied only
// part of it in a line an 80-column bar cut: "…(2.0 MiB): terminals take
// no mor…". It wraps under the keys row and is read whole.
func TestLiveCappedCopySaysWhyWhole(t *testing.T) {
	l := liveDemoAt80(t)
	l.callOK("big bytes=2000000")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("→ request tools/call big")
	text, v := l.copyAndQuit("copied the first")
	for _, want := range []string{"copied the first 1.0 MiB of the response JSON of tools/call big, id ", " (1.9 MiB): terminals take no more through OSC 52"} {
		if !strings.Contains(text, want) {
			t.Errorf("the screen does not say %q whole:\n%s", want, v)
		}
	}
}

// copyAndQuit presses y, waits for said on the screen and quits: text is
// the final screen's words joined by single spaces, as a wrapped status
// reads, v the screen itself.
func (l *live) copyAndQuit(said string) (text, v string) {
	l.t.Helper()
	l.tm.Type("y")
	l.waitFor(said)
	v = ansi.Strip(l.quit().View())
	return strings.Join(strings.Fields(v), " "), v
}
