package ui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A question box scrolled down on a small terminal and then given room
// for all of it (the window grew) shows it from its first line, and does
// not say "lines 1-7 of 7 · pgup/pgdn scroll" of keys that move nothing.
func TestAskBoxScrolledThenGrownShowsItWhole(t *testing.T) {
	m, _ := askModelAt(t, 80, 24, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(longForm())})
	for range 5 {
		press(m, "pgdown")
	}
	if view := ansi.Strip(m.View()); strings.Contains(view, "field01:") {
		t.Fatalf("pgdn did not scroll the box:\n%s", view)
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	view := ansi.Strip(m.View())
	for _, want := range []string{"field01: string", "field14: string"} {
		if !strings.Contains(view, want) {
			t.Errorf("grown to 160x45, the box lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "pgup/pgdn scroll") {
		t.Errorf("grown to 160x45, the box shows it whole but still offers to scroll:\n%s", view)
	}
}
