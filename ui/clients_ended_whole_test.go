package ui

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client's end at 80x24 was said on the status bar after
// "● ended", under the watch-only row, and cut: "the client's session
// ended: mcpscope dev · streamable (e…". It wraps under the watch-only
// row, which stays, and reads whole; at 160 columns the bar holds it.
func TestClientEndedReadsWholeUnderWatchOnlyRow(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(clientMsg{ID: 1, Name: "mcpscope dev", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, fixtureRecords()})
	m.Update(clientEndedMsg{1})
	want := "the client's session ended: 1 mcpscope dev · streamable (everything so far is still here)"
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 160, Height: 45}} {
		m.Update(size)
		view := ansi.Strip(m.View())
		rows := strings.Split(view, "\n")
		if len(rows) != size.Height {
			t.Fatalf("%dx%d: %d rows drawn", size.Width, size.Height, len(rows))
		}
		if !readsWhole(view, want) {
			t.Errorf("%dx%d: the end is not read whole:\n%s", size.Width, size.Height, view)
		}
		if !strings.Contains(view, watchOnly) {
			t.Errorf("%dx%d: the watch-only row is gone:\n%s", size.Width, size.Height, view)
		}
		if strings.Contains(view, "(e…") {
			t.Errorf("%dx%d: the end is cut:\n%s", size.Width, size.Height, view)
		}
	}
}

// A proxied client that left is said in the quiet colour: in the proxy a
// client leaving is routine, and drawn as an error it read as a fault.
func TestClientEndedIsNotDrawnAsAnError(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	m.com.st.Error = r.NewStyle().Foreground(lipgloss.Color("#ff0000"))
	m.com.st.Dim = r.NewStyle().Foreground(lipgloss.Color("#808080"))
	m.Update(clientMsg{ID: 1, Name: "mcpscope dev", Transport: "streamable", Records: make(chan []mcp.Record)})
	m.Update(clientRecordsMsg{1, fixtureRecords()})
	m.Update(clientEndedMsg{1})
	v := m.View()
	if !strings.Contains(v, m.com.st.Dim.Render("● ended")) || strings.Contains(v, m.com.st.Error.Render("● ended")) {
		t.Errorf("the client's end is not drawn quiet:\n%q", v)
	}
}
