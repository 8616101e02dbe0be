package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// A form's answer held back read "⚠ enter again answers anyway · copies:
// 9 is above the maximum 5": the action before the reason. What is wrong
// comes first, then what Enter again does.
func TestAskWarningSaysTheReasonFirst(t *testing.T) {
	m, _ := askModelAt(t, 80, 24, mcp.InputRequest{Key: "deploy", Method: "elicitation/create", Params: json.RawMessage(formParams)})
	typeKeys(m, "accept name=Ann copies=9 env=production")
	press(m, "enter")
	joined := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if want := "⚠ copies: 9 is above the maximum 5 · enter again answers anyway"; !strings.Contains(joined, want) {
		t.Errorf("the screen does not say %q:\n%s", want, ansi.Strip(m.View()))
	}
}

// With more warnings than its rows hold, the reasons that fit are said
// and the rest counted, and "enter again sends anyway" stays whole at the
// end, never cut off after them.
func TestWarningsKeepTheActionWhole(t *testing.T) {
	keys := DefaultKeyMap()
	var ws []command.ArgWarning
	for _, k := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"} {
		ws = append(ws, command.ArgWarning{Key: k, Message: "unknown key (known keys: one, two, three, four)"})
	}
	for _, rows := range []int{1, 3} {
		got := warnText(keys, "sends", ws, 80, rows)
		lines := wrapWords(got, 80)
		if len(lines) > rows || !strings.HasPrefix(got, "⚠ alpha: ") || !strings.HasSuffix(got, " · enter again sends anyway") {
			t.Errorf("%d rows of 80: %q (%d rows), want the first reason, then the action whole at the end", rows, got, len(lines))
		}
	}
	long := []command.ArgWarning{{Key: "q", Message: strings.Repeat("very long words ", 20)}}
	if got := warnText(keys, "sends", long, 80, 1); ansi.StringWidth(got) > 80 || !strings.HasSuffix(got, " … · enter again sends anyway") {
		t.Errorf("one warning longer than the row: %q, want it cut after a word and the action whole", got)
	}
}
