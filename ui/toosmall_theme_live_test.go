package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The "terminal too small" screen is drawn in the theme, every cell of
// it, as the screens around it are: under the light theme it came in the
// terminal's own colours, a dark patch where the window had been white.
// Live against the demo, resized from 80x24 to 40x10.
func TestLiveTooSmallIsThemed(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	s := mcp.NewSession(mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	t.Cleanup(func() { s.Close() })
	m := themed(t, Options{Records: s.Records(), Backend: command.Runner{Session: s}, URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l := runLiveSized(t, m, s, 80, 24)
	go func() { _ = s.Connect(t.Context()) }()
	l.waitFor("initialized")
	l.tm.Send(tea.WindowSizeMsg{Width: 40, Height: 10})
	l.waitFor("enlarge it")
	final := l.quit()
	view := final.View()
	if plain := ansi.Strip(view); !strings.Contains(plain, "terminal too small") {
		t.Fatalf("40x10 does not say the terminal is too small:\n%s", plain)
	}
	if h := holes(view); len(h) > 0 {
		t.Errorf("the too-small screen has cells with no background (row: cells) %v:\n%q", h, view)
	}
	rows := strings.Split(view, "\n")
	if len(rows) != 10 {
		t.Errorf("the too-small screen is %d rows, want the terminal's 10, every one in the theme", len(rows))
	}
	for i, r := range rows {
		if w := ansi.StringWidth(r); w != 40 {
			t.Errorf("row %d of the too-small screen is %d cells, want the terminal's 40", i, w)
		}
	}
}
