package ui

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// The Negotiation pane indents the advice under a failure ("  → the
// server failed: …") with blanks it left unstyled: under the light theme
// each advice row began with two cells of the terminal's own dark
// background, notches down the white pane.
func TestLightThemeNegotiationAdviceHasNoHoles(t *testing.T) {
	failing := htmlFailing(t, "<h1>broken</h1>")
	s := mcp.NewSession(mcp.Config{URL: failing.URL + "/mcp"})
	t.Cleanup(func() { s.Close() })
	m := themed(t, Options{Records: s.Records(), Backend: command.Runner{Session: s}, URL: failing.URL + "/mcp", Transport: mcp.TransportAuto})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	go func() { _ = s.Connect(t.Context()) }()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "could not connect") })
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	go io.Copy(io.Discard, tm.Output())
	final := tm.FinalModel(t).(*Model)
	view := final.View()
	if !strings.Contains(view, "→") {
		t.Fatalf("the Negotiation pane shows no advice:\n%s", view)
	}
	if h := holes(view); len(h) > 0 {
		t.Errorf("cells with no background (row: cells) %v", h)
	}
}
