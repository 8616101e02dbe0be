package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The clients bar marks a client that ended with "○": a proxy's help says
// what the mark means, whole at 80x24 as it scrolls, and a session of the
// user's own, with no clients bar, is not told of it.
func TestHelpExplainsTheEndedMark(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	showClient(m, "alpha", fixtureRecords())
	m.Update(clientMsg{ID: 2, Name: "beta", Records: make(chan []mcp.Record)})
	m.Update(clientEndedMsg{2})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "2 beta "+endedMark) {
		t.Fatalf("the clients bar does not mark the ended client:\n%s", v)
	}
	press(m, "?")
	const legend = endedMark + " a client that ended"
	found := false
	for range 40 {
		v := m.View()
		checkFrame(t, v, 80, 24)
		if strings.Contains(ansi.Strip(v), legend) {
			found = true
			break
		}
		press(m, "j")
	}
	if !found {
		t.Errorf("scrolled through at 80x24, the help never says %q:\n%s", legend, m.View())
	}

	own := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	press(own, "?")
	if v := ansi.Strip(own.View()); strings.Contains(v, legend) {
		t.Errorf("a session with no clients bar explains its mark:\n%s", v)
	}
}
