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
	// The count is read from the frames drawn while the form is open: the
	// final frame, after ctrl+c, may already show the form withdrawn (quit
	// cancels the call, and the server then cancels its question).
	count := regexp.MustCompile(`lines 1-\d+ of (\d+\+?) ·`)
	var m []string
	l.waitUntil(func(seen []byte) bool {
		m = count.FindStringSubmatch(ansi.Strip(string(seen)))
		return m != nil
	})
	if m[1][len(m[1])-1] == '+' {
		t.Errorf("the box does not count the form's lines whole (%q):\n%s", m, ansi.Strip(l.seen.String()))
	}
	l.quit()
}
