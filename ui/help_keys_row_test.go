package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// While the help is open, how to close it is said once, in the box's
// footer: the keys row said it again ("? or esc closes" over "press ? or
// esc to close"), and in a proxy with the user's own session shown at 80
// columns the clients bar left that row no room, while the box always has
// it. The pane's keys (": command line") do nothing there and are not
// named under it either; they are back once the help is closed.
func TestHelpSaysHowToCloseOnce(t *testing.T) {
	plain := func(w, h int) *Model { return newTestModel(t, w, h, newFakeBackend(), fixtureRecords()) }
	own := func(w, h int) *Model {
		m := proxyWithOwn(func() (Client, error) {
			return Client{ID: -1, Name: "you", Transport: "mcpscope", Records: make(chan []mcp.Record), Backend: newFakeBackend()}, nil
		})
		m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		m.Update(clientMsg{ID: 1, Name: "claude-code 1.0.3", Transport: "sse", Records: make(chan []mcp.Record)})
		pressOwn(t, m)
		return m
	}
	for _, tc := range []struct {
		name string
		new  func(w, h int) *Model
	}{{"a session", plain}, {"a proxy showing your own session", own}} {
		for _, size := range [][2]int{{80, 24}, {160, 45}} {
			m := tc.new(size[0], size[1])
			press(m, "?")
			view := ansi.Strip(m.View())
			if n := strings.Count(view, "? or esc"); n != 1 {
				t.Errorf("%s at %dx%d: the help names its closing keys %d times, want once:\n%s", tc.name, size[0], size[1], n, view)
			}
			if !strings.Contains(view, "? or esc to close") {
				t.Errorf("%s at %dx%d: the help does not say how to close it:\n%s", tc.name, size[0], size[1], view)
			}
			if scrolls := size[1] == 24; scrolls != strings.Contains(view, "↑/k ↓/j pgup pgdn home end · more below") {
				t.Errorf("%s at %dx%d: the help names its scrolling keys only while it scrolls:\n%s", tc.name, size[0], size[1], view)
			}
			if under := strings.Join(strings.Split(view, "\n")[m.lay.CmdLine.Y:], "\n"); strings.Contains(under, ": command line") {
				t.Errorf("%s at %dx%d: under the help the pane's keys are named:\n%s", tc.name, size[0], size[1], view)
			}
			press(m, "?")
			if view := ansi.Strip(m.View()); tc.name == "a session" && !strings.Contains(view, ": command line") {
				t.Errorf("%s at %dx%d: after the help closed the pane's keys are not named:\n%s", tc.name, size[0], size[1], view)
			}
		}
	}
}
