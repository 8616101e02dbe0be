package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// Eleven clients, then the user's own session, then the Inspector CLI
// twice, on 80 columns: showing client 13, the bar read "…  12 (ended)
// 13 inspector-cli 0.5.1 · streamable (ended)  14 of 14", as if a client
// 14 were past the edge. Where the shown one is counts tabs, and says so.
func TestClientsBarWhereCountsTabsNotClients(t *testing.T) {
	m := proxyWithOwn(func() (Client, error) {
		return Client{ID: -1, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: &fakeBackend{}}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for id := 1; id <= 11; id++ {
		m.Update(clientMsg{ID: id, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
		m.Update(clientEndedMsg{id})
	}
	pressOwn(t, m)
	m.Update(clientMsg{ID: 12, Name: "inspector-cli 0.5.1", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 13, Name: "inspector-cli 0.5.1", Transport: "streamable", Records: make(chan []mcp.Record)})
	press(m, "]", "]")
	bar := row(ansi.Strip(m.View()), "clients:")
	if !strings.Contains(bar, "13 inspector-cli 0.5.1") || !strings.Contains(bar, " tab 14 of 14") {
		t.Errorf("showing client 13, the 14th tab, the clients bar = %q, want %q", bar, "tab 14 of 14")
	}
	if ansi.StringWidth(bar) > 80 {
		t.Errorf("the clients bar is %d columns wide: %q", ansi.StringWidth(bar), bar)
	}
}
