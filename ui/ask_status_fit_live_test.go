package ui

import (
	"testing"
)

// When the server asks (a form, a sampling request), the status bar says
// to answer the question above it, and the hint row under the input what
// esc does, each read whole at 80x24: the bar was "the server asks for
// input: answer below (esc decli…", and then "the question below", from
// the screen's last row.
func TestLiveAskStatusReadsWholeAt80Columns(t *testing.T) {
	for _, tc := range []struct{ call, want string }{
		{"confirm action=deploy", "esc cancels the form · the panes wait until this is answered"},
		{"sample prompt=hi", "esc declines · the panes wait until this is answered"},
	} {
		l := liveDemoDetectedAt80(t)
		l.command("tools/list")
		l.waitOK("tools/list")
		l.call(tc.call)
		l.waitFor("asks: ")
		// Drawn whole: a cut one ends in … before its end.
		l.waitFor("answer the question above")
		l.waitFor(tc.want)
		l.quit()
	}
}
