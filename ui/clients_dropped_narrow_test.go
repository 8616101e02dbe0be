package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// Past maxEnded clients that came and went (exec runs through the proxy)
// on 80 columns, "(10 ended earlier: in their recordings)" took half the
// bar: the shown client's name was cut to "80 mcpscop…" and "? help"
// went. Where the words leave no room, the count is said alone; where
// they do, they stay.
func TestClientsBarDroppedCountLeavesTheShownName(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	for id := 1; id <= maxEnded+16; id++ {
		m.Update(clientMsg{ID: id, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
		if id <= maxEnded+10 {
			m.Update(clientEndedMsg{id})
		}
	}
	bar := func() string { return row(ansi.Strip(m.View()), "clients:") }
	if got := bar(); !strings.Contains(got, "(10 ended earlier: in their recordings)") {
		t.Errorf("at 160 columns the clients bar = %q, want the ones let go said in words", got)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "[")
	got := bar()
	for _, want := range []string{"(10 ended earlier)", "80 mcpscope dev · sse", "80 of 80", "· ? help"} {
		if !strings.Contains(got, want) {
			t.Errorf("at 80 columns the clients bar = %q, want %q in it", got, want)
		}
	}
	if w := ansi.StringWidth(got); w > 80 {
		t.Errorf("the clients bar is %d columns wide on 80: %q", w, got)
	}
}
