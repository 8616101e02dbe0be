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
// 14 were past the edge, and then "tab 14 of 14", which demo users read
// as a count of something other than the clients. Where the shown one is
// counts clients as the tabs number them, the own session not among
// them; shown, the own session says how many clients there are.
func TestClientsBarWhereCountsClients(t *testing.T) {
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
	if !strings.Contains(bar, "13 inspector-cli 0.5.1") || !strings.Contains(bar, " client 13 of 13") {
		t.Errorf("showing client 13, the 14th tab, the clients bar = %q, want %q", bar, "client 13 of 13")
	}
	if ansi.StringWidth(bar) > 80 {
		t.Errorf("the clients bar is %d columns wide: %q", ansi.StringWidth(bar), bar)
	}
	press(m, "[", "[")
	bar = row(ansi.Strip(m.View()), "clients:")
	if !strings.Contains(bar, " 13 clients") || strings.Contains(bar, " of 13") {
		t.Errorf("showing the own session, the clients bar = %q, want %q and no place among the clients", bar, "13 clients")
	}
}
