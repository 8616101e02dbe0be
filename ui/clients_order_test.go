package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The clients bar lists proxied clients by number, as the report at quit
// does, though the proxy passes one on only once upstream answered it: a
// legacy client (its GET answered at once) that came after a streamable
// one still waiting on its initialize read "4 … 3" on the bar, and ] from
// 1 stepped to 4 first. The one shown stays shown when an earlier one
// arrives.
func TestProxyClientsBarInNumberOrder(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 4, Name: "delta", Transport: "sse", Records: make(chan []mcp.Record)})
	press(m, "]")
	if f := m.clients.shown(); f == nil || f.ID != 4 {
		t.Fatalf("] from client 1 should show client 4, the only other:\n%s", m.View())
	}
	m.Update(clientMsg{ID: 3, Name: "gamma", Transport: "streamable", Records: make(chan []mcp.Record)})
	if f := m.clients.shown(); f == nil || f.ID != 4 {
		t.Fatalf("client 3 arriving took the screen from client 4:\n%s", m.View())
	}
	v := ansi.Strip(m.View())
	one, three, four := strings.Index(v, "1 alpha"), strings.Index(v, "3 gamma"), strings.Index(v, "4 delta")
	if one < 0 || three < 0 || four < 0 || !(one < three && three < four) {
		t.Fatalf("the clients bar should list 1, 3, 4 in that order:\n%s", v)
	}
	press(m, "[")
	if f := m.clients.shown(); f == nil || f.ID != 3 {
		t.Fatalf("[ from client 4 should show client 3, the one before it by number:\n%s", m.View())
	}
}
