package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Subscribing on 2026-07-28 opens the listen stream again with the new
// resourceSubscriptions. The old stream's row then said "cancelled here
// before its answer came: mcpscope stopped waiting for it", as if the
// user had cancelled something; it says that a new listen stream replaced
// it.
func TestLiveReplacedListenSaysWhy(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL(), Transport: mcp.TransportStateless}, 80, 24, "● listening")
	l.command("subscribe demo://clock")
	l.waitFor("subscribed to demo://clock")
	for _, k := range []tea.KeyType{tea.KeyHome, tea.KeyDown, tea.KeyEnter} {
		l.tm.Send(tea.KeyMsg{Type: k})
	}
	l.waitFor("── Failure ──")
	v := ansi.Strip(l.quit().View())
	text := strings.Join(strings.Fields(v), " ")
	if !strings.Contains(text, "subscriptions/listen") || !strings.Contains(text, "a new listen stream replaced it") {
		t.Errorf("the replaced listen stream does not say it was replaced:\n%s", v)
	}
	if strings.Contains(text, "mcpscope stopped waiting for it") {
		t.Errorf("the replaced listen stream reads as cancelled by the user:\n%s", v)
	}
}
