package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxy to an upstream down at first, then up, at 80 columns: with a
// client's whole name shown, the fold of the sessions never answered was
// a bare "1" beside the other clients' numbers, so "? help" fitted after
// them; read as a client with no name. The fold says what it holds, and
// help (which the ? key says anyway) gives way.
func TestClientsBarFoldIsNeverABareNumber(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "(sessions upstream never answered)", Fold: true, Records: make(chan []mcp.Record)})
	for id, name := range []string{"curl 7.88.1", "alpha-agent 1.0", "beta-agent 1.0", "gamma 1.0", "delta 1.0"} {
		m.Update(clientMsg{ID: id + 2, Name: name, Transport: "streamable", Records: make(chan []mcp.Record)})
	}
	for step := range 5 {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")})
		bar := row(ansi.Strip(m.View()), "clients:")
		if !strings.Contains(bar, "1 (…") && !strings.Contains(bar, "1 (sessions") {
			t.Errorf("step %d: the clients bar = %q, want the fold's tab saying what it holds", step, bar)
		}
		if w := ansi.StringWidth(strings.TrimRight(bar, " ")); w > 80 {
			t.Errorf("step %d: the clients bar is %d columns on 80: %q", step, w, bar)
		}
	}
}
