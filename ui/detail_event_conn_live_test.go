package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// An event of a stateless session came on no numbered connection: Detail
// says which request's stream it came on, without "(connection 0)".
func TestDetailEventNamesNoConnectionZero(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL()})
	l.waitFor("● discovered")
	l.listTools()
	m := l.quit()
	tabToEvents(t, m)
	press(m, "end", "enter")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "on the response stream") {
		t.Fatalf("Detail does not show the last event's stream:\n%s", view)
	}
	if strings.Contains(view, "(connection 0)") {
		t.Errorf("Detail names connection 0:\n%s", view)
	}
}
