package ui

import (
	"strings"
	"testing"

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
	l := runLiveSized(t, m, s, 80, 24)
	go func() { _ = s.Connect(t.Context()) }()
	l.waitFor("could not connect")
	final := l.quit()
	view := final.View()
	if !strings.Contains(view, "→") {
		t.Fatalf("the Negotiation pane shows no advice:\n%s", view)
	}
	if h := holes(view); len(h) > 0 {
		t.Errorf("cells with no background (row: cells) %v", h)
	}
}
