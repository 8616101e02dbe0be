package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A terminal made too small while a command is half typed says to press
// ctrl+c to quit, not q: the command line still has the keys, so q does
// not quit (nor go into the line the user cannot see), and says that what
// was typed is kept.
func TestLiveTooSmallWhileTypingNamesCtrlC(t *testing.T) {
	l := liveDemoHalfTypedAt80(t)
	l.tm.Send(tea.WindowSizeMsg{Width: 40, Height: 10})
	l.waitFor("too small")
	l.tm.Type("q")
	l.tm.Send(tea.WindowSizeMsg{Width: 40, Height: 11})
	l.waitFor("40x11")
	m := l.quit()
	view := ansi.Strip(m.View())
	if !strings.Contains(strings.Join(strings.Fields(view), " "), "press ctrl+c to quit") {
		t.Errorf("the too-small screen does not name ctrl+c while the command line has the keys:\n%s", view)
	}
	if want := "(what you typed is kept)"; !strings.Contains(strings.Join(strings.Fields(view), " "), want) {
		t.Errorf("the too-small screen does not say %q while a line is typed:\n%s", want, view)
	}
	if got := m.cmdline.input.Value(); got != halfTyped {
		t.Errorf("the command line holds %q, want %q: q on the too-small screen is not typed", got, halfTyped)
	}
}
