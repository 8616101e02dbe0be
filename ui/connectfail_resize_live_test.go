package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// Why connecting failed was worded once, for the terminal's width then:
// at 160 columns the advice comes after the attempts, and a terminal made
// 60 columns wide afterwards cut all of it ("…Internal Ser…") over the
// Pairs pane, with Negotiation a tab nobody opened. A resize words it
// again, what to do first, and brings Negotiation forward.
func TestLiveConnectFailureRewordedOnResize(t *testing.T) {
	failing := htmlFailing(t, "<html><body><h1>500 Internal Server Error</h1></body></html>")
	l := startLive(t, mcp.Config{URL: failing.URL + "/mcp"})
	l.waitFor("● failed")
	l.waitFor("could not connect: POST")
	l.mark()
	l.tm.Send(tea.WindowSizeMsg{Width: 60, Height: 15})
	l.waitFor("could not connect — the server failed")
	v := ansi.Strip(l.quit().View())
	text := strings.Join(strings.Fields(v), " ")
	for _, want := range []string{"could not connect — the server failed: check its logs", "Negotiation · failed"} {
		if !strings.Contains(text, want) {
			t.Errorf("after the resize the screen does not say %q:\n%s", want, v)
		}
	}
}
