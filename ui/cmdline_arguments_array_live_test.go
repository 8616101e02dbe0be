package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A tool's arguments typed as a JSON array can never be right (a tool
// takes them by name): the hint says so as it is typed, before any tool is
// listed, and Enter refuses the line without sending anything. It listed
// the tools first, then refused the word as no key=value; the hint said
// values go as strings.
func TestLiveArgumentsArrayRefusedBeforeSending(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.mark()
	l.tm.Type(":tools/call greet [1]")
	l.waitFor("tools/call greet takes its arguments by name, not as a JSON array ([1])")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("KEY:='[1]') or one JSON object")
	m := l.quit()
	for _, method := range []string{"tools/list", "tools/call"} {
		if got := pairsOf(m, method); len(got) != 0 {
			t.Errorf("%s rows %v: the line was refused only after sending", method, got)
		}
	}
}
