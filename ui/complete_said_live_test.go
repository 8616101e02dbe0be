package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// completion/complete typed on the command line said only
// "completion/complete: ok": the values it asked for, a word or two, were
// in Detail. The status line names them, as exec prints them.
func TestLiveCompletionSaysItsValues(t *testing.T) {
	gw := startDemo(t)
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("● initialized")
	l.command("completion/complete prompt review_code language=j")
	l.waitFor("completion/complete")
	l.waitFor("java")
	v := ansi.Strip(l.quit().View())
	if text := strings.Join(strings.Fields(v), " "); !strings.Contains(text, "completion/complete: java, javascript") {
		t.Errorf("the status line does not name the values offered:\n%s", v)
	}
}
