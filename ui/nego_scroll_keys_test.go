package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Negotiation's facts run past its bottom on 80x24: focused, the keys row
// says it scrolls, and j shows the next line (the title's 1/N moves on).
func TestLiveNegotiationNamesItsScrollKeys(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL()}, 80, 24, "● initialized")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyShiftTab})
	l.waitFor("Negotiation · initialized · 1/")
	l.waitFor(": command line · c call a tool · ↑/k ↓/j scroll · ? help")
	l.tm.Type("j")
	l.waitFor("Negotiation · initialized · 2/")
	l.quit()
}
