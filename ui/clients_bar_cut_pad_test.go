package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A shown client's name too long for the bar was cut with its tab's
// padding, so where it is read against it: "1 agent-xxxx…client 1 of 1". The
// name is cut, the padding kept.
func TestClientsBarCutNameKeepsItsSpace(t *testing.T) {
	for _, n := range []int{1, 40} {
		m := newProxyModel(t, make(chan Client))
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		for id := 1; id <= n; id++ {
			m.Update(clientMsg{ID: id, Name: "agent-" + strings.Repeat("x", 120), Transport: "sse", Records: make(chan []mcp.Record)})
		}
		bar := row(ansi.Strip(m.View()), "clients:")
		where := "client 1 of 1"
		if n > 1 {
			where = "client 1 of 40"
		}
		if !strings.Contains(bar, "x… "+where) && !strings.Contains(bar, "x… … "+where) {
			t.Errorf("%d clients, the first's name cut: the clients bar = %q, want the cut name a space from %q", n, bar, where)
		}
		if w := ansi.StringWidth(strings.TrimRight(bar, " ")); w > 80 {
			t.Errorf("%d clients: the clients bar is %d columns on 80: %q", n, w, bar)
		}
	}
}
