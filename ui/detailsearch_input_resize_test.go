package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The Detail search input follows the pane's width when the terminal is
// resized while it is open: it kept the width it was opened at, so in a
// narrower terminal its row ran past the border and was cut with "…",
// and in a wider one it stopped short. Live against the demo over
// loopback at 80x24, then 70x20.
func TestLiveDetailSearchInputFollowsResize(t *testing.T) {
	l := liveDemoAt80(t)
	l.mark()
	l.listTools()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.tm.Type("/tools")
	l.mark()
	l.tm.Send(tea.WindowSizeMsg{Width: 70, Height: 20})
	l.waitFor("/ tools")
	m := l.quit()
	if !m.detail.searching() {
		t.Fatal("the search input closed on resize")
	}
	view := ansi.Strip(m.View())
	checkFrame(t, view, 70, 20)
	for _, r := range strings.Split(view, "\n") {
		if strings.Contains(r, "/ tools") && strings.Contains(r, "…") {
			t.Errorf("the search input is cut at the border after the resize: %q\n%s", r, view)
		}
	}
}
