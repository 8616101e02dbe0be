package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// Tab's word in a hint is the binding's, as every key row and the help
// have it ("tab complete"): the form's prompt said "tab completes · esc
// cancels" and the roots hint "tab completes them", beside "tab complete"
// on the command line.
func TestHintsWordTabAsItsBinding(t *testing.T) {
	form := `{"message":"who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`
	m, _ := askModelAt(t, 160, 45, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(form)})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "(tab complete)") || strings.Contains(v, "tab completes") {
		t.Errorf("the form's prompt does not word tab as its binding does:\n%s", v)
	} else if n := strings.Count(v, "tab complete"); n != 1 {
		t.Errorf("the open form says tab complete %d times, want once (in its input):\n%s", n, v)
	}

	m = newTestModel(t, 160, 45, newFakeBackend(), nil)
	press(m, ":")
	m.cmdline.input.SetValue("roots add ")
	m.cmdline.input.CursorEnd()
	if v := ansi.Strip(m.View()); !strings.Contains(v, "(tab complete; ~/ is your home)") || strings.Contains(v, "tab completes") {
		t.Errorf("the roots hint does not word tab as its binding does:\n%s", v)
	}
}
