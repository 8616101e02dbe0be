package ui

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

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
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
	go func() { _ = s.Connect(t.Context()) }()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "could not connect") })
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	go io.Copy(io.Discard, tm.Output())
	final = tm.FinalModel(t).(*Model)
	neg = ansi.Strip(strings.Join(final.nego.lines(), "\n"))
	return final, neg, strings.Join(strings.Fields(neg), " ")
}
