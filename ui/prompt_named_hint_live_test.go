package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Once Tab filled a prompt argument's value from the server's
// completion/complete, with no prompts listed, the hint under the line
// names the prompt the line names: it read "no prompts known yet" with
// review_code typed on the line.
func TestLiveHintNamesThePromptAfterTabFilledAValue(t *testing.T) {
	l := liveDemoAt80(t)
	l.mark()
	l.typeTab(":prompt review_code language=g")
	l.waitFor("› prompt review_code language=go")
	l.waitFor("review_code: tab lists the prompts, then offers its arguments")
	if v := ansi.Strip(l.quit().View()); strings.Contains(v, "no prompts known yet") {
		t.Errorf("the hint says no prompts are known with one named:\n%s", v)
	}
}
