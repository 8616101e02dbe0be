package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// failedNegotiation runs the TUI at w x h (in the light theme when light)
// on a session with cfg that cannot connect, waits until the screen says
// so and quits. It returns the final model, its Negotiation pane as text
// and that pane's words as read, wherever the pane's width wrapped them:
// the set-up of the tests that a failure is said once there.
func failedNegotiation(t *testing.T, cfg mcp.Config, light bool, w, h int) (final *Model, neg, words string) {
	t.Helper()
	s := mcp.NewSession(cfg)
	t.Cleanup(func() { s.Close() })
	// As the CLI does: no --transport is "auto", detection.
	transport := cfg.Transport
	if transport == "" {
		transport = mcp.TransportAuto
	}
	opts := Options{Records: s.Records(), Backend: command.Runner{Session: s}, Styles: testStyles(), URL: cfg.URL, Transport: transport}
	var m *Model
	if light {
		m = themed(t, opts)
	} else {
		m = New(opts)
	}
	l := runLiveSized(t, m, s, w, h)
	go func() { _ = s.Connect(t.Context()) }()
	l.waitFor("could not connect")
	final = l.quit()
	neg = ansi.Strip(strings.Join(final.nego.lines(), "\n"))
	return final, neg, strings.Join(strings.Fields(neg), " ")
}
