package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// With the user's own session open, o on a proxied client's goes back to
// it: it opened a second one, listed "you" twice, and the line under a
// client's panes still offered to "open your own session".
func TestOpenOwnAgainGoesToTheOneOpen(t *testing.T) {
	opened := 0
	m := proxyWithOwn(func() (Client, error) {
		opened++
		return Client{ID: -opened, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: newFakeBackend()}, nil
	})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record)})
	pressOwn(t, m)
	press(m, "[")
	if got, want := m.sendDisabled(), "o your own session · "+watchOnly; got != want {
		t.Errorf("a client's session with the own one open: the line says %q, want %q", got, want)
	}
	if cmd := press(m, "o"); cmd != nil {
		m.Update(cmd())
	}
	if opened != 1 || m.sendDisabled() != "" || strings.Count(m.View(), "you · mcpscope") != 1 {
		t.Errorf("o with the own session open: opened %d, send disabled %q; want the one open shown:\n%s", opened, m.sendDisabled(), m.View())
	}
}
