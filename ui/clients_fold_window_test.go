package ui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A fold beside thirty clients at 80 columns, where not even the clients'
// numbers fit: the bar around the second client read "1   2 curl-client
// 1 · streamable   3 …", the fold a bare "1" that read as a client. The
// fold is named in brief where it fits, else left behind the "…" that
// says there are more.
func TestClientsBarWindowNeverShowsAFoldAsABareNumber(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "(sessions upstream never answered)", Fold: true, Records: make(chan []mcp.Record)})
	for id := 2; id <= 31; id++ {
		m.Update(clientMsg{ID: id, Name: "curl-client 1", Transport: "streamable", Records: make(chan []mcp.Record)})
	}
	bareFold := regexp.MustCompile(`clients: 1 (\s|$)`)
	for step := range 4 {
		bar := row(ansi.Strip(m.View()), "clients:")
		if !strings.Contains(bar, "client "+string(rune('1'+step))+" of 31") {
			t.Fatalf("after %d steps the bar is not windowed on the tab: %q", step, bar)
		}
		if bareFold.MatchString(bar) {
			t.Errorf("after %d steps the fold is a bare number: %q", step, bar)
		}
		if w := ansi.StringWidth(strings.TrimRight(bar, " ")); w > 80 {
			t.Errorf("the clients bar is %d columns on 80: %q", w, bar)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")})
	}
}
