package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab on a tool's name typed after ":" lists the tools itself, as c does
// and as Tab on a prompt's name or read's URI lists theirs: it said "send
// tools/list first" and did nothing. Once they are listed, that Tab
// completes the name: it took a second Tab.
func TestLiveCallTabListsToolsItself(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	for _, tc := range []struct{ era, url, open string }{
		{"streamable", gw.MCPURL(), "● initialized"},
		{"stateless", gw.StatelessURL(), "● discovered"},
	} {
		t.Run(tc.era, func(t *testing.T) {
			l := startLiveReady(t, mcp.Config{URL: tc.url}, 160, 45, tc.open)
			l.mark()
			l.tm.Type(":tools/call gre")
			l.waitFor("no tools known yet: tab lists them, then offers names and arguments")
			l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
			l.tm.Send(tea.KeyMsg{Type: tea.KeyTab}) // while listing: not listed twice
			l.waitFor("tools/call greet ")
			listedOnceCompleted(t, l.quit())
		})
	}
}

// listedOnceCompleted asserts that the Tabs on ":tools/call gre" listed
// the tools once and completed the name.
func listedOnceCompleted(t *testing.T, m *Model) {
	t.Helper()
	if got := pairsOf(m, "tools/list"); len(got) != 1 {
		t.Errorf("tools/list rows = %v, want one listing", got)
	}
	if got, want := m.cmdline.input.Value(), "tools/call greet "; got != want {
		t.Errorf("command line after Tab = %q, want %q", got, want)
	}
}
