package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// Four clients at 80 columns, the shown one's name one column too long
// for every other tab to keep minBrief cells of its name: they all fell
// back to their numbers, "2   3   4", and ten columns stayed empty. The
// tabs nearest the shown one keep the start of their names as far as the
// row goes, and the bar is as wide as the terminal.
func TestClientsBarFillsWhatFitsAt80(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for id, c := range [][2]string{{"claude-code-xxxxxxxxxx", "sse"}, {"mcp-inspector 0.16.2", "streamable"}, {"cursor 1.2.4", "stateless"}, {"windsurf 1.8.0", "sse"}} {
		m.Update(clientMsg{ID: id + 1, Name: c[0], Transport: c[1], Records: make(chan []mcp.Record)})
	}
	got := row(ansi.Strip(m.View()), "clients:")
	if want := "clients: 1 claude-code-xxxxxxxxxx · sse   2 mcp-…   3 cur…   4 win… · ? help"; !strings.Contains(got, want) {
		t.Errorf("the clients bar = %q, want %q", got, want)
	}
}
