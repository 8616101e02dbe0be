package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Sending a request shows its answer in Detail scrolled to the Response; a resize keeps the
// Response's header on the top row. Kept as a share of the way down, the
// place slid off it by a line or more (a blank row, or the end of the
// request, on top) as the request above was wrapped again. Live against
// the demo over loopback, through the sizes a user drags between.
func TestLiveDetailResponseStaysOnTopAcrossResizes(t *testing.T) {
	l := liveDemoAt(t, 120, 30)
	l.mark()
	l.call("greet times=10 name=" + strings.Repeat("longname", 30))
	l.waitOK("tools/call greet") // Detail shows the answer, scrolled to its Response
	sizes := []tea.WindowSizeMsg{{Width: 160, Height: 45}, {Width: 70, Height: 20}, {Width: 250, Height: 60}, {Width: 120, Height: 30}}
	for _, size := range sizes {
		l.tm.Send(size)
	}
	l.mark()
	l.tm.Type(":")
	l.waitFor("tab complete")
	m := l.quitAtWidth(120)
	view := ansi.Strip(m.View())
	rows := strings.Split(view, "\n")
	for i, r := range rows {
		if strings.Contains(r, "╭─ Detail") {
			if i+1 >= len(rows) || !strings.Contains(rows[i+1], "── Response ──") {
				t.Errorf("after resizes the Detail's top row is not the Response header:\n%s", view)
			}
			return
		}
	}
	t.Fatalf("no Detail pane at 120x30:\n%s", view)
}
