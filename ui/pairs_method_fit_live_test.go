package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// At 80 columns the METHOD column is too narrow for
// notifications/roots/list_changed: the row keeps the end of the name,
// which tells it from other notifications, instead of "list_…".
func TestLiveLongNotificationKeepsItsName(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.initialize()
	l.command("roots add " + t.TempDir())
	l.waitFor("…/roots/list_changed")
	view := l.quit().View()
	if strings.Contains(view, "roots/list_…") {
		t.Errorf("the notification's name is cut at its end:\n%s", view)
	}
}
