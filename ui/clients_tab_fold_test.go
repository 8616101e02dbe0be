package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxy to an upstream down at first, then up: the fold of the sessions
// it never answered beside four clients, at 80 columns, was "1 (se…" with
// the last one shown. It says the words that tell what it holds.
func TestClientsBarFoldSaysWhatItHolds(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "(sessions upstream never answered)", Fold: true, Records: make(chan []mcp.Record)})
	m.Update(clientMsg{ID: 2, Name: "curl 7.88.1", Transport: "streamable", Records: make(chan []mcp.Record)})
	for id := 3; id <= 5; id++ {
		m.Update(clientMsg{ID: id, Name: "curl-client 1", Transport: "streamable", Records: make(chan []mcp.Record)})
	}
	for range 4 {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")})
	}
	bar := row(ansi.Strip(m.View()), "clients:")
	if !strings.Contains(bar, "5 curl-client 1 · streamable") {
		t.Fatalf("the last client is not shown: %q", bar)
	}
	if !strings.Contains(bar, "1 (…never answered)") && !strings.Contains(bar, "1 (…answered)") {
		t.Errorf("the clients bar = %q, want the fold's tab saying it was never answered", bar)
	}
	if w := ansi.StringWidth(strings.TrimRight(bar, " ")); w > 80 {
		t.Errorf("the clients bar is %d columns on 80: %q", w, bar)
	}
}
