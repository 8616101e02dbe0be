package ui

import (
	"regexp"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A form that does not fit the question's box says how long it is: at
// 80x24 the demo's confirm form read "lines 1-7 of 9+" (and
// server-everything's 28-line form the same), as if its length were
// unknown, because a frame read only one line past the box.
func TestLiveAskBoxCountsAShortFormWhole(t *testing.T) {
	l := liveDemoAt80(t)
	l.call("confirm action=deploy")
	l.waitFor("pgup/pgdn scroll")
	view := ansi.Strip(l.quit().View())
	m := regexp.MustCompile(`lines 1-\d+ of (\d+\+?) ·`).FindStringSubmatch(view)
	if m == nil || m[1][len(m[1])-1] == '+' {
		t.Errorf("the box does not count the form's lines whole (%q):\n%s", m, view)
	}
}
