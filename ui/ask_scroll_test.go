package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// longForm is a form of many fields, as server-everything's
// trigger-elicitation-request asks: on an 80x24 terminal its box holds
// only the first few.
func longForm() string {
	props := map[string]any{}
	for i := 1; i <= 14; i++ {
		props[fmt.Sprintf("field%02d", i)] = map[string]any{"type": "string", "description": fmt.Sprintf("the field number %d", i)}
	}
	b, _ := json.Marshal(map[string]any{"message": "Please provide inputs for the following fields:",
		"requestedSchema": map[string]any{"type": "object", "properties": props}})
	return string(b)
}

// While a question is open the panes wait, so a form longer than its box
// scrolls in the box with pgup/pgdn: every field can be read before it is
// answered, and the screen keeps its size.
func TestAskLongFormScrolls(t *testing.T) {
	m, q := askModelAt(t, 80, 24, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(longForm())})
	screen := func() string {
		t.Helper()
		view := ansi.Strip(m.View())
		screenRows(t, view, 80, 24)
		return view
	}
	first := screen()
	if !strings.Contains(first, "field01: string") || strings.Contains(first, "field14") {
		t.Fatalf("the box should open at the form's first field, with the last out of sight:\n%s", first)
	}
	if !strings.Contains(first, "pgup/pgdn scroll") {
		t.Errorf("the box does not say it scrolls:\n%s", first)
	}
	for range 5 {
		press(m, "pgdown")
	}
	last := screen()
	for _, want := range []string{"field14: string", "accept key=value"} {
		if !strings.Contains(last, want) {
			t.Errorf("after pgdn the box lacks %q:\n%s", want, last)
		}
	}
	if strings.Contains(last, "field01:") {
		t.Errorf("after pgdn the box still shows the first field:\n%s", last)
	}
	for range 5 {
		press(m, "pgup")
	}
	if again := screen(); !strings.Contains(again, "field01: string") {
		t.Errorf("pgup does not go back to the first field:\n%s", again)
	}
	// The scroll keys leave the answer being typed alone.
	typeKeys(m, "accept field14=x")
	press(m, "pgdown")
	press(m, "enter")
	if r := answerOf(t, q); r.err != nil || string(r.res) != `{"action":"accept","content":{"field14":"x"}}` {
		t.Errorf("answer %s, %v; want field14 only", r.res, r.err)
	}
}
