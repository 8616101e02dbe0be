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
