package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// What to do about a failed connection is on screen once: on the status
// line with why it failed while that message lasts, then in the
// Negotiation pane under the failure. Both said it at once, and at 80x24
// the repeat took three of the screen's 24 rows.
func TestLiveConnectFailureAdviceShownOnce(t *testing.T) {
	// "usable" is one word of the advice for a 502 ("a gateway or proxy
	// got no usable answer from the server behind it"), said nowhere else
	// on screen: wrapping never splits it.
	const word = "usable"
	for _, size := range [][2]int{{80, 24}, {160, 45}} {
		l := liveBadGatewayAt(t, size[0], size[1])
		m := l.quit()
		v := ansi.Strip(m.View())
		if n := strings.Count(v, word); n != 1 {
			t.Errorf("%dx%d: the advice shows %d times, want once:\n%s", size[0], size[1], n, v)
		}
		if !strings.Contains(lastRows(v, 5), word) {
			t.Errorf("%dx%d: the status line does not say what to do:\n%s", size[0], size[1], v)
		}
		// The message is gone: the pane says what to do.
		m.Update(statusExpiredMsg{id: m.statusSeq})
		v = ansi.Strip(m.View())
		if n := strings.Count(v, word); n != 1 || strings.Contains(lastRows(v, 3), word) {
			t.Errorf("%dx%d: after the status line moved on the advice shows %d times, want once in the pane:\n%s", size[0], size[1], n, v)
		}
	}
}

// lastRows is the last n rows of a screen.
func lastRows(v string, n int) string {
	rows := strings.Split(v, "\n")
	return strings.Join(rows[max(0, len(rows)-n):], "\n")
}
