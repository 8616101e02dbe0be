package ui

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A send key in a proxied client's session says why nothing is sent, read
// whole at 80x24: the status repeated the line above it ("o open your own
// session · watch-only: …") and was cut in the middle of the reason.
func TestWatchOnlyKeySaysWhyWholeAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	recs := liveRecords(t, gw.MCPURL(), "tools/list")
	m := proxyWithOwn(func() (Client, error) { return Client{}, errors.New("o is not pressed in this test") })
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	showClient(m, "alpha · streamable", recs)
	for _, k := range []string{"i", "l", "r"} {
		press(m, k)
		rows := strings.Split(ansi.Strip(m.View()), "\n")
		if bar := rows[len(rows)-1]; !strings.Contains(bar, watchOnly) {
			t.Errorf("%s in a watch-only session at 80x24: status bar %q, want %q whole", k, bar, watchOnly)
		}
	}
}
