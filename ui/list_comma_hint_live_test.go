package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A comma after an array key's value (Tab leaves "tags=mcp " and a list
// is written with commas elsewhere) was asked on the hint row whether it
// meant another key's value ("did you mean query=,?"). The hint says how a
// list is given: the key repeated. An elicitation form's multi-select field
// is told the same (command.WordsRefusal).
func TestLiveListCommaHintSaysRepeatTheKey(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("tools/list")
	l.waitOK("tools/list")
	l.mark()
	l.tm.Type(":tools/call search_notes tags=mcp ,")
	l.waitText("a list is given by repeating its key")
	v := ansi.Strip(l.quit().View())
	if !strings.Contains(v, "tags=mcp tags=") || strings.Contains(v, "did you mean") {
		t.Errorf("the hint after tags=mcp , does not show the key repeated:\n%s", v)
	}
}
