package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A match found in a long answer stays on screen when the terminal is
// resized: the lines are wrapped again at the new width, and the place kept
// as a share of the way down put the match out of view, while the title
// fell back to "1 matches" (also bad English). Against the demo's big tool
// over loopback, 160x45 to 70x20 and back.
func TestLiveDetailSearchMatchSurvivesResize(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.mark()
	l.callOK("big bytes=200000")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.tm.Type("/00100032")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("“00100032” 1/1")
	// The title keeps the search while the lines are wrapped again at the
	// new width ("formatting…"): wait for the match itself to be drawn.
	for _, size := range []tea.WindowSizeMsg{{Width: 70, Height: 20}, {Width: 160, Height: 45}, {Width: 70, Height: 20}} {
		l.mark()
		l.tm.Send(size)
		l.waitFor("“00100032” 1/1")
		l.waitText("00100032 abc")
	}
	m := l.quitAtWidth(70)
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "00100032 abc") || !strings.Contains(view, "“00100032” 1/1") {
		t.Errorf("at 70x20 the match is not on screen, or the title does not say it is:\n%s", view)
	}
	if strings.Contains(view, "1 matches") {
		t.Errorf("the title says %q:\n%s", "1 matches", view)
	}
}
