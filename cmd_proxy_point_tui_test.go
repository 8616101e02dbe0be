package main

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Where to point a client at the proxy was said only in the status bar,
// which drops it at 80 columns: the TUI showed "no client has connected
// yet" and no address to connect to. The pane in front says it, whole,
// in headless's words: "/mcp (streamable)" left out stateless 2026.
func TestProxyTUISaysWhereToPointTheClientAt80Columns(t *testing.T) {
	m, run := proxyTUI(t, demotest.Start(t, demo.Options{}).URL)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	text := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(m.View()), "│", " ")), " ")
	for _, want := range []string{"point your client at " + run.base + "/sse for legacy HTTP+SSE (2024-11-05) or " + run.base + "/mcp for streamable HTTP (2025 sessions, or stateless 2026-07-28)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the screen does not say %q:\n%s", want, m.View())
		}
	}
}
