package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The clients bar read "clients:  1 mcpscope dev" and, with more clients
// than fit, "…  12 (ended)": a space of the head's, or of the gap's,
// beside the space each tab's padding draws. One space stands after the
// head and on each side of a window's "…".
func TestClientsBarOneSpaceAfterHeadAndMark(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
	bar := row(ansi.Strip(m.View()), "clients:")
	if !strings.Contains(bar, "clients: 1 mcpscope dev") {
		t.Errorf("one client: the clients bar = %q, want %q", bar, "clients: 1 mcpscope dev")
	}
	for id := 2; id <= 40; id++ {
		m.Update(clientMsg{ID: id, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
	}
	for range 20 {
		press(m, "]")
	}
	bar = row(ansi.Strip(m.View()), "clients:")
	if !strings.Contains(bar, "clients: … ") || !strings.Contains(bar, " … client 21 of 40") {
		t.Errorf("client 21 of 40: the clients bar = %q, want %q and %q", bar, "clients: … ", " … client 21 of 40")
	}
	if strings.Contains(bar, "…  ") || strings.Contains(bar, "  …") || strings.Contains(bar, ":  ") {
		t.Errorf("client 21 of 40: the clients bar = %q has two spaces beside its head or a \"…\"", bar)
	}
}
