package ui

import (
	"fmt"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// BenchmarkClientsBar is the clients bar of a proxy holding hundreds of
// sessions, drawn as every View draws it: it was most of the proxy TUI's
// CPU, each frame naming every tab several times over. A dozen and thirty
// sessions are named in brief (briefTabs), the hundreds by their numbers
// around the shown one.
func BenchmarkClientsBar(b *testing.B) {
	for _, n := range []int{12, 30, 100, 1000} {
		for _, width := range []int{80, 160} {
			b.Run(fmt.Sprintf("%dclients/%dcols", n, width), func(b *testing.B) {
				m := manyClients(n, width)
				help := m.barHelp()
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					m.clientsBar(help)
				}
			})
		}
	}
}

// manyClients is a proxy's model on width columns with n live client
// sessions of a few agents' names, the middle one shown.
func manyClients(n, width int) *Model {
	m := New(Options{Styles: testStyles(), Clients: make(chan Client), NoSend: watchOnly,
		Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: width, Height: 45})
	names := []string{"claude-code", "cursor", "mcp-inspector", "zed"}
	for id := 1; id <= n; id++ {
		m.Update(clientMsg{ID: id, Transport: "streamable", Name: names[id%len(names)], Records: make(chan []mcp.Record)})
	}
	m.clients.cur = n / 2
	return m
}
