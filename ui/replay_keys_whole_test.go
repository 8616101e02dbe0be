package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The keys row under the panes names whole keys at 80x24: a replay of a
// real session named its own keys and then the pane's, and the row ended
// "enter open in deta…". Keys that do not fit are left to the help (?).
func TestReplayKeysRowNamesWholeKeysAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	recs := liveRecords(t, gw.MCPURL(), "tools/list")
	p := history.NewPlayer(history.Header{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, recs)
	m := New(Options{Player: p, Styles: testStyles(), URL: gw.MCPURL(), Transport: mcp.TransportStreamable, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for range recs {
		m.Update(replayTickMsg{})
	}
	for _, pane := range []string{"Pairs", "Raw events", "Detail"} {
		for i := 0; i < 4 && !strings.Contains(m.View(), "╭─ "+pane); i++ {
			press(m, "tab")
		}
		keys := row(ansi.Strip(m.View()), "space play/pause")
		if keys == "" {
			t.Fatalf("%s: the replay's keys are not named under the panes:\n%s", pane, ansi.Strip(m.View()))
		}
		if strings.Contains(keys, "…") {
			t.Errorf("%s: the keys row is cut in a key's words: %q", pane, keys)
		}
	}
}
