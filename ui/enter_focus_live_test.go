package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// On a wide terminal Detail sits beside the pairs; enter on a pair still
// focuses it, so "/" searches the answer just opened instead of filtering
// Raw events, as it does where Detail replaces the list.
func TestLiveEnterFocusesDetailBesideTheList(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("GET          open")
	l.listTools()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.mark()
	l.tm.Type("/")
	l.typeLine("search_notes")
	l.waitFor("“search_notes” 1/")
	m := l.quit()
	if m.focus != paneDetail {
		t.Errorf("after enter on a pair at 160 columns focus = %v, want detail", m.focus)
	}
	if m.events.filter.query != "" {
		t.Errorf("/ after enter filtered Raw events by %q; it should search Detail", m.events.filter.query)
	}
}
