package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A multi-select field read "array of enum: Guitar|Piano|Drums" with no
// word of how to give several: only a wrong "instruments=Guitar,Drums"
// said to repeat the key. The field's row says it from the first, at 80
// columns, its words whole.
func TestAskListFieldSaysHowToGiveSeveral(t *testing.T) {
	const form = `{"message":"Band?","requestedSchema":{"type":"object","properties":{"firstLine":{"type":"string"},` +
		`"instruments":{"type":"array","items":{"type":"string","enum":["Guitar","Piano","Drums"]}}}}}`
	m, _ := askModelAt(t, 80, 24, mcp.InputRequest{Key: "band", Method: "elicitation/create", Params: json.RawMessage(form)})
	view := ansi.Strip(m.View())
	joined := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
	if !strings.Contains(joined, "for several, repeat the key: instruments=Guitar instruments=Piano") {
		t.Errorf("the list field does not say how to give several:\n%s", view)
	}
	if strings.Contains(joined, "firstLine: string, optional; for several") {
		t.Errorf("a field of one value says how to give several:\n%s", view)
	}
	for _, r := range strings.Split(view, "\n") {
		if strings.Contains(r, "several") && strings.Contains(r, "…") {
			t.Errorf("the words are cut: %q", r)
		}
	}
}
