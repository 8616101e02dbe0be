package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// With clients let go past maxEnded, at 80 columns the bar was drawn with
// "(10 ended earlier: in their recordings)", found to cut the shown name,
// and drawn again with "(10 ended earlier)": every frame drew it twice.
// It costs what a bar drawn once does.
func TestClientsBarDroppedDrawnOnce(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for id := 1; id <= maxEnded+16; id++ {
		m.Update(clientMsg{ID: id, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
		if id <= maxEnded+10 {
			m.Update(clientEndedMsg{id})
		}
	}
	press(m, "[")
	end := m.barHelp()
	if got := ansi.Strip(m.clientsBar(end)); !strings.Contains(got, "(10 ended earlier) ") || !strings.Contains(got, "80 mcpscope dev · sse") {
		t.Fatalf("at 80 columns the clients bar = %q, want the count alone and the shown name", got)
	}
	dropped := barBytes(m, end)
	m.clients.dropped = 0 // the same bar without the count: drawn once
	once := barBytes(m, end)
	if dropped > once*3/2 {
		t.Errorf("the bar with clients let go allocates %d bytes, without them %d: it is drawn twice", dropped, once)
	}
}
