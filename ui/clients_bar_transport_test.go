package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A tab said by its transport alone is a client named as the shown one:
// two runs of mcpscope beside a shown Inspector read "2 sse   3 stateless"
// at 100 columns, as a second Inspector over sse reads, and which were
// Inspectors took stepping to each. Theirs say the start of their name
// first; the Inspector's its transport alone.
func TestClientsBarTransportAloneIsTheShownName(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	for id, c := range [][2]string{{"inspector-cli 0.5.1", "streamable"}, {"mcpscope dev", "sse"}, {"mcpscope dev", "stateless"}, {"inspector-cli 0.5.1", "stdio"}} {
		m.Update(clientMsg{ID: id + 1, Name: c[0], Transport: c[1], Records: make(chan []mcp.Record)})
	}
	bar := row(ansi.Strip(m.View()), "clients:")
	for _, want := range []string{"1 inspector-cli 0.5.1 · streamable", " 2 mcp", " sse ", " 3 mcp", " stateless ", " 4 stdio ", "· ? help"} {
		if !strings.Contains(bar, want) {
			t.Errorf("the clients bar = %q, want %q in it", bar, want)
		}
	}
}
