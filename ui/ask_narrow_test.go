package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// On an 80-column terminal the warnings about a form's answer wrap over
// the rows they need, as the command line's do, instead of one row cut
// with … before what is wrong with the last field; the screen keeps its
// height and every row its width.
func TestAskWarningsWrapOnANarrowTerminal(t *testing.T) {
	m, _ := askModelAt(t, 80, 24, mcp.InputRequest{Key: "deploy", Method: "elicitation/create", Params: json.RawMessage(formParams)})
	typeKeys(m, "accept copies=9 env=prod")
	press(m, "enter")
	view := ansi.Strip(m.View())
	lines := screenRows(t, view, 80, 24)
	joined := strings.Join(strings.Fields(view), " ")
	for _, want := range []string{"enter again answers anyway", "copies: 9 is above the maximum 5", "production", "name: missing required"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the screen does not show %q:\n%s", want, view)
		}
	}
	if strings.Contains(lines[len(lines)-2], "…") {
		t.Errorf("the last warning row is cut: %q", lines[len(lines)-2])
	}
}

// An answer with an error says its warnings with it, at 80 columns too:
// they came only once the error was fixed, one Enter more.
func TestAskErrorSaysTheWarningsToo(t *testing.T) {
	m, _ := askModelAt(t, 80, 24, mcp.InputRequest{Key: "deploy", Method: "elicitation/create", Params: json.RawMessage(formParams)})
	typeKeys(m, "accept name=Ann copies=many env=prod")
	press(m, "enter")
	view := ansi.Strip(m.View())
	screenRows(t, view, 80, 24)
	joined := strings.Join(strings.Fields(view), " ")
	for _, want := range []string{"✗ copies", "⚠ also: env:", "production"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the screen does not show %q:\n%s", want, view)
		}
	}
}

// A form field whose description wraps goes on under itself, further in
// than the fields: at 80 columns the demo's confirm field ended on a row
// "  are." at the fields' own indent, read as a field of its own.
func TestAskFieldDescriptionHangsUnderItsField(t *testing.T) {
	params := `{"message":"Confirm: deploy the demo?","requestedSchema":{"type":"object","properties":{` +
		`"confirm":{"type":"boolean","description":"true to do it, false to leave things as they are, or any other words that go on"},` +
		`"copies":{"type":"integer"}},"required":["confirm"]}}`
	m, _ := askModelAt(t, 80, 24, mcp.InputRequest{Key: "confirm", Method: "elicitation/create", Params: json.RawMessage(params)})
	lines := screenRows(t, ansi.Strip(m.View()), 80, 24)
	field := -1
	for i, l := range lines {
		if strings.Contains(l, "confirm: boolean") {
			field = i
		}
	}
	if field < 0 || field+2 >= len(lines) {
		t.Fatalf("no confirm field row:\n%s", strings.Join(lines, "\n"))
	}
	inBox := func(l string) string { return strings.TrimPrefix(l, "│") }
	if got := inBox(lines[field]); !strings.HasPrefix(got, "  confirm") {
		t.Errorf("the field row starts %q, want the fields' indent of 2", got)
	}
	next := inBox(lines[field+1])
	if strings.Contains(next, "copies") || !strings.HasPrefix(next, "    ") || strings.HasPrefix(next, "     ") {
		t.Errorf("the field's description goes on at %q, want 4 cells in under its field:\n%s", next, strings.Join(lines, "\n"))
	}
	if got := inBox(lines[field+2]); !strings.HasPrefix(got, "  copies") && !strings.HasPrefix(got, "    ") {
		t.Errorf("the row after the description reads %q", got)
	}
}
