package ui

import "testing"

// askNothing lists the demo's prompts, then types a prompt argument's
// value the demo completes nothing for (review_code's language=zz) and
// presses Tab, and waits until the server's empty answer is said.
func (l *live) askNothing() {
	l.t.Helper()
	l.typeTab(":prompts/get review_code ")
	l.waitOK("prompts/list")
	l.mark()
	l.typeTab("language=zz")
	l.waitFor("the server offered no values for language starting zz")
}

// Once the server answered a prompt argument's value with no values, the
// hint under the line says so, as the status's "(asked already)" does on
// the next Tab: it went on saying "tab asks the server for values".
func TestLiveHintSaysTheServerOfferedNothing(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 45}} {
		l := liveDemoAt(t, size[0], size[1])
		l.askNothing()
		l.waitFor("language: the server offered no values; type one")
		l.quit()
	}
}
