package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A tool name longer than the line does not hide the other candidates: at
// 80 columns the list read "a_really_long_…_narrow_terminals  b…".
func TestCandidatesKeepShortNamesBesideALongOne(t *testing.T) {
	c := newLine(t, "")
	c.SetSize(80)
	c.SetTools([]mcp.Tool{{Name: strings.Repeat("a_really_long_tool_name_", 4)}, {Name: "boom"}})
	clPress(c, runes("tools/call "), keyTab)
	if hint := hintOf(c); !strings.Contains(hint, "boom") || !strings.Contains(hint, "a_really_long") {
		t.Errorf("candidates %q, want both names in 80 columns", hint)
	}
	clPress(c, keyTab, keyTab) // boom chosen
	if hint := hintOf(c); !strings.Contains(hint, "a_really_long") || !strings.Contains(hint, "boom") {
		t.Errorf("with boom chosen the candidates are %q, want the long name still before it", hint)
	}
}

// Two long names cut to fit side by side stay side by side with the second
// chosen: the list moved on to "… beta_…" alone, the first gone, though
// both fitted as drawn.
func TestCandidatesThatFitCutStayWithTheSecondChosen(t *testing.T) {
	c := newLine(t, "")
	c.SetSize(80)
	c.SetTools([]mcp.Tool{{Name: "alpha_" + strings.Repeat("x", 44)}, {Name: "beta_" + strings.Repeat("y", 45)}})
	clPress(c, runes("tools/call "), keyTab)
	before := hintOf(c)
	clPress(c, keyTab, keyTab) // the second chosen
	if hint := hintOf(c); hint != before || !strings.Contains(hint, "alpha_") || strings.HasPrefix(hint, "…") {
		t.Errorf("with the second chosen the candidates are %q, want them as before, %q", hint, before)
	}
}
