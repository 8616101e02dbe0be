package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The Negotiation pane's labels are words, not abbreviations, at 80
// columns (Negotiation a tab of its own) and at 120 (the narrowest
// four-pane screen): "fallback", "Instructions", "Capabilities", each with its value
// beside it in the same column as every other fact.
func TestLiveNegotiationLabelsAreWords(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("Endpoint")
	l.tm.Type("i")
	l.waitFor("● initialized")
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		l.tm.Send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		l.mark()
		if size[0] == 80 {
			// From Pairs back to the Negotiation tab.
			l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
			l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
		}
		l.waitFor("  fallback   ")
		l.mark()
		l.tm.Send(tea.KeyMsg{Type: tea.KeyEnd}) // the instructions come last
		l.waitFor("Instructions ")
		if size[0] == 80 {
			l.waitFor("Capabilities ")
		}
		l.tm.Send(tea.KeyMsg{Type: tea.KeyHome})
	}
	view := l.quit().View()
	for _, abbr := range []string{"fallbk", "Instruct ", "Caps "} {
		if strings.Contains(view, abbr) {
			t.Errorf("Negotiation still says %q:\n%s", abbr, view)
		}
	}
}
