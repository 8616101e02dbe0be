package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The question's box sits under the panes it covers, each closed by its
// own bottom border: the box drew over that border and left the panes
// above it open (Pairs at 80x24, both columns at 100x30 and 160x45).
func TestAskBoxLeavesThePanesClosed(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 45}} {
		w, h := size[0], size[1]
		m, _ := askModelAt(t, w, h, mcp.InputRequest{Key: "deploy", Method: "elicitation/create", Params: json.RawMessage(formParams)})
		lines := screenRows(t, ansi.Strip(m.View()), w, h)
		top := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "╭─ asks:") {
				top = i
				break
			}
		}
		if top < 1 {
			t.Fatalf("%dx%d: no question box under the panes:\n%s", w, h, strings.Join(lines, "\n"))
		}
		if above := strings.TrimRight(lines[top-1], " "); !strings.HasPrefix(above, "╰") || !strings.HasSuffix(above, "╯") || strings.Contains(above, "│") {
			t.Errorf("%dx%d: the row above the question box is %q, want the panes' bottom borders:\n%s", w, h, above, strings.Join(lines, "\n"))
		}
	}
}
