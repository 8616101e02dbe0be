package ui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A replay's line under the panes names the keys that drive it: it said
// only that sending is off and "enter open in detail", so space, + and -
// were found only behind ?.
func TestReplayLineNamesItsKeys(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(replayTickMsg{})
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	if row(view, "space play/pause", "+ faster", "- slower", ". step") == "" {
		t.Errorf("the replay's keys are not named under the panes:\n%s", view)
	}
	if row(view, replayDisabled) == "" {
		t.Errorf("the line no longer says sending is off:\n%s", view)
	}
}
