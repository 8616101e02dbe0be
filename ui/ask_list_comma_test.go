package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A comma after a multi-select field's value (Tab puts
// "untitledMultipleSelectEnum=Piano " in, and a list is written with
// commas elsewhere) was asked at 80 columns whether it meant another
// field ("did you mean firstLine=,?"). Tab and Enter say how a list is
// given, the key repeated, read whole at 80 columns.
func TestAskListCommaSaysRepeatTheKey(t *testing.T) {
	const form = `{"message":"Band?","requestedSchema":{"type":"object","properties":{"firstLine":{"type":"string"},` +
		`"untitledMultipleSelectEnum":{"type":"array","items":{"type":"string","enum":["Guitar","Piano","Drums"]}}}}}`
	for _, key := range []string{"tab", "enter"} {
		m, _ := askModelAt(t, 80, 24, mcp.InputRequest{Key: "band", Method: "elicitation/create", Params: json.RawMessage(form)})
		typeKeys(m, "accept untitledMultipleSelectEnum=Piano ,")
		press(m, key)
		view := ansi.Strip(m.View())
		joined := strings.Join(strings.Fields(view), " ")
		if !strings.Contains(joined, "a list is given by repeating its key") || strings.Contains(joined, "did you mean") {
			t.Errorf("%s after a comma does not say how a list is given:\n%s", key, view)
		}
		// The example's second word, on the note's second row at 80
		// columns: without it the key reads as given once.
		if !strings.Contains(joined, "untitledMultipleSelectEnum=Piano untitledMultipleSelectEnum=") {
			t.Errorf("%s: the example does not repeat the key:\n%s", key, view)
		}
		for _, r := range strings.Split(view, "\n") {
			if strings.Contains(r, "a list is given") && strings.Contains(r, "…") {
				t.Errorf("%s: the words are cut: %q", key, r)
			}
		}
	}
}
