package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// Three runs of one program (mcpscope exec over sse, /mcp and stateless)
// beside a shown client of another name were "2 mcpscope…   3 mcpscope…
// 4 mcpscope…" on the bar: their name told them from the shown one but
// not from each other, and which spoke which transport took stepping to
// each. A name others share says its transport too.
func TestClientsBarTellsAlikeOthersApart(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "inspector-cli 0.5.1", Transport: "streamable", Records: make(chan []mcp.Record)})
	for id, tr := range []string{"sse", "streamable", "stateless"} {
		m.Update(clientMsg{ID: id + 2, Name: "mcpscope dev", Transport: tr, Records: make(chan []mcp.Record)})
	}
	m.Update(clientMsg{ID: 5, Name: "cursor 1.2.4", Transport: "sse", Records: make(chan []mcp.Record)})
	bar := row(ansi.Strip(m.View()), "clients:")
	for _, want := range []string{"1 inspector-cli 0.5.1 · streamable", " sse ", " streamable ", " stateless ", "5 cursor"} {
		if !strings.Contains(bar, want) {
			t.Errorf("the clients bar = %q, want %q in it", bar, want)
		}
	}
	if w := ansi.StringWidth(bar); w > 120 {
		t.Errorf("the clients bar is %d columns wide on 120: %q", w, bar)
	}
}

// A transport said in place of a shared name must not be one another tab
// says already: a second Inspector over sse read "2 sse", and a mcpscope
// run over sse beside it "3 sse" as well, where its name had told them
// apart. That run keeps its name; its fellow over stateless says that,
// after the start of its name (clients_bar_transport_test.go).
func TestClientsBarSaysNoTransportTwice(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	for id, c := range []struct{ name, transport string }{
		{"inspector-cli 0.5.1", "streamable"}, {"inspector-cli 0.5.1", "sse"}, {"mcpscope dev", "sse"}, {"mcpscope dev", "stateless"},
	} {
		m.Update(clientMsg{ID: id + 1, Name: c.name, Transport: c.transport, Records: make(chan []mcp.Record)})
	}
	bar := row(ansi.Strip(m.View()), "clients:")
	for _, want := range []string{"1 inspector-cli 0.5.1 · streamable", " 2 sse ", " 3 mcpscope ", " 4 mcps… stateless "} {
		if !strings.Contains(bar, want) {
			t.Errorf("the clients bar = %q, want %q in it", bar, want)
		}
	}
	if w := ansi.StringWidth(bar); w > 100 {
		t.Errorf("the clients bar is %d columns wide on 100: %q", w, bar)
	}
}
