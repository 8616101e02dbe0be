package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The hint for an object argument ends in an example of its JSON, which
// 80 columns cut: "filter: object, optional — Narrows the search, e.g.
// {"after":"2024-01-01","limi…". A hint too wide for the row leaves out
// "optional" (a key not marked required is) and the example reads whole.
func TestLiveArgumentHintKeepsItsExample(t *testing.T) {
	gw := startDemo(t)
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("● initialized")
	l.command("tools/list")
	l.waitFor("tools/list: ok")
	l.tm.Type(":tools/call search_notes filter=")
	l.waitFor("filter: object")
	v := ansi.Strip(l.quit().View())
	if want := `filter: object — Narrows the search, e.g. {"after":"2024-01-01","limit":5}.`; !strings.Contains(v, want) {
		t.Errorf("the hint does not read %q:\n%s", want, v)
	}
}
