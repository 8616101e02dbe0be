package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// completion/complete typed on the command line said only
// "completion/complete: ok": the values it asked for, a word or two, were
// in Detail. The status line names them, as exec prints them, after
// "offers": a value alone ("1") read as a count of them.
func TestLiveCompletionSaysItsValues(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("completion/complete prompt review_code language=j")
	// "java" alone can be Detail's answer, drawn from the records before
	// the status line has the command's own answer.
	l.waitFor("completion/complete: offers java")
	v := ansi.Strip(l.quit().View())
	if text := strings.Join(strings.Fields(v), " "); !strings.Contains(text, "completion/complete: offers java, javascript") {
		t.Errorf("the status line does not name the values offered:\n%s", v)
	}
}
