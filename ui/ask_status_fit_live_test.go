package ui

import (
	"testing"
)

// When the server asks (a form, a sampling request), the status bar says
// to answer the question above it and what esc does, read whole at 80x24:
// it was "the server asks for input: answer below (esc decli…", and then
// "the question below", from the screen's last row.
func TestLiveAskStatusReadsWholeAt80Columns(t *testing.T) {
	for _, tc := range []struct{ call, want string }{
		{"confirm action=deploy", "answer the question above (esc cancels the form)"},
		{"sample prompt=hi", "answer the question above (esc declines)"},
	} {
		l := liveDemoDetectedAt80(t)
		l.command("tools/list")
		l.waitOK("tools/list")
		l.call(tc.call)
		l.waitFor("asks: ")
		// Drawn whole on the status bar: a cut one ends in … before it.
		l.waitFor(tc.want)
		l.quit()
	}
}
