package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two ended clients on the bar read "1 inspector-cli 0.5.1 · streamable
// (ended)   2 … ○", and after ] "1 … ○   2 … (ended)": one state said two
// ways, by which tab was shown. An ended client's tab says it alike,
// shown or not, at 80 and 160 columns.
func TestClientsBarEndedReadsAlikeShownOrNot(t *testing.T) {
	for _, w := range []int{80, 160} {
		m := newProxyModel(t, make(chan Client))
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		for id, name := range []string{"inspector-cli 0.5.1", "curl-client 1"} {
			m.Update(clientMsg{ID: id + 1, Name: name, Transport: "streamable", Records: make(chan []mcp.Record)})
			m.Update(clientEndedMsg{id + 1})
		}
		for _, step := range []string{"", "]"} {
			if step != "" {
				press(m, step)
			}
			bar := row(ansi.Strip(m.View()), "clients:")
			if strings.Contains(bar, "(ended)") || strings.Count(bar, endedMark) != 2 {
				t.Errorf("%d columns, after %q: the bar does not mark both ended clients alike: %q", w, step, bar)
			}
		}
	}
}
