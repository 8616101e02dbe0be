package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A proxy no client has connected to yet is listening, not starting: the
// status bar said "○ starting" for as long as the user waited, while the
// Pairs pane already told them where to point their client.
func TestProxyStatusWaitsForAClient(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	bar := m.status.view()
	if !strings.Contains(bar, "○ waiting for a client") || strings.Contains(bar, "starting") {
		t.Errorf("status bar %q, want it to say the proxy waits for a client", bar)
	}
	showClient(m, "alpha 1.0 · sse", fixtureRecords())
	if bar := m.status.view(); strings.Contains(bar, "waiting for a client") {
		t.Errorf("status bar %q still waits for a client once one is shown", bar)
	}
}
