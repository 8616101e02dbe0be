package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

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

// Before the prompts are listed, a prompt argument's value still has its
// hint: Tab asks the server, and once it offered nothing, type one. The
// hint showed prompts/get's usage alone, after the server had answered.
func TestLiveHintOfAnUnlistedPromptsValue(t *testing.T) {
	l := liveDemoAt(t, 80, 24)
	l.tm.Type(":prompts/get review_code language=zz")
	l.waitFor("language: tab asks the server for values")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("the server offered no values for language starting zz")
	l.waitFor("language: the server offered no values; type one")
	l.quit()
}

// The word the server offered nothing for is forgotten when the session
// changes (r opens a new one, i initializes it again): Tab on the same
// line then asks the new session's server, where it said "asked already"
// without asking.
func TestLiveOfferedNothingForgottenOnANewSession(t *testing.T) {
	for _, press := range []string{"r", "i"} {
		t.Run(press, func(t *testing.T) {
			l := liveDemoAt(t, 160, 45)
			l.askNothing()
			l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
			l.tm.Type(press)
			l.mark()
			// The same line, whole, from the history: a line typed a key
			// at a time is another line until its last key. Its hint
			// says Tab asks again once the new session's records are in.
			l.tm.Type(":")
			l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
			l.waitFor("language: tab asks the server for values")
			l.mark()
			l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
			// Said of the new answer, or with "(asked already)" where
			// nothing was asked: the count below tells them apart.
			l.waitFor("the server offered no values for language starting zz")
			// The status comes with the answer, the rows with the records,
			// either first: a row for each session's ask (none for an
			// "asked already"), then the count.
			l.waitRowsDrawn("…/complete ", 2)
			m := l.quit()
			if asked := sentCount(m, "completion/complete"); asked != 2 {
				t.Errorf("completion/complete sent %d times, want once per session", asked)
			}
			if inits := len(pairsOf(m, "initialize")); inits != 2 {
				t.Errorf("%d initialize rows, want %s to have sent a second", inits, press)
			}
		})
	}
}
