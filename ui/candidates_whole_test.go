package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The Tab candidates row shows only whole names and counts the rest as
// +N: at 60 columns it ended in "get-resourc…", a name no tool has. The
// names are more than two rows hold.
func TestCandidatesShowWholeNamesAndCountTheRest(t *testing.T) {
	names := []string{"echo", "get-forecast", "get-resource-links", "greet", "long-running", "sample", "zip",
		"annotated-message-tool", "print-env-variables", "structured-content-tool"}
	tools := make([]mcp.Tool, len(names))
	for i, n := range names {
		tools[i] = mcp.Tool{Name: n}
	}
	c := newLine(t, "")
	c.SetSize(60)
	c.SetTools(tools)
	clPress(c, runes("tools/call "), keyTab)
	rows := viewLines(c)[1:]
	for _, r := range rows {
		if w := ansi.StringWidth(r); w > 60 {
			t.Errorf("candidates %q are %d columns wide, want at most 60", r, w)
		}
	}
	hint := ansi.Strip(strings.Join(rows, " "))
	words := strings.Fields(hint)
	shown := 0
	for _, w := range words[:len(words)-1] {
		if !slices.Contains(names, w) {
			t.Errorf("candidates %q show %q, which is no tool's whole name", hint, w)
		}
		shown++
	}
	if want := fmt.Sprintf("+%d", len(names)-shown); words[len(words)-1] != want {
		t.Errorf("candidates %q end in %q, want the count of the names not shown, %s", hint, words[len(words)-1], want)
	}
}
