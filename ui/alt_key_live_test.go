package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// altQ is esc then q typed faster than the program read them: bubbletea
// reads ESC q as one alt+q.
var altQ = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q"), Alt: true}

// Esc then q typed quickly, with the help open, closes the help and quits,
// as the two presses do: the help stayed and q did nothing.
func TestLiveEscQReadAtOnceClosesTheHelpAndQuits(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("● open")
	l.tm.Type("?")
	l.waitFor("send initialize")
	l.tm.Send(altQ)
	l.tm.WaitFinished(t, teatest.WithFinalTimeout(liveWait))
	if m := l.tm.FinalModel(t).(*Model); m.showHelp {
		t.Errorf("esc q read at once quit with the help still open")
	}
}

// Typed into the command line or the filter, alt+q is the input's: it
// must not quit (nor close the input and then quit).
func TestLiveAltQInAnInputDoesNotQuit(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.waitFor("● open")
	l.tm.Type(":tools")
	l.tm.Send(altQ)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Type("/")
	l.tm.Send(altQ)
	// Still running: the filter is kept with enter and l sends
	// tools/list, whose outcome is drawn; then ctrl+c quits.
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.tm.Type("l")
	l.waitFor("tools/list: ")
	m := l.quit()
	if got := m.events.input.Value(); got != "q" {
		t.Errorf("alt+q typed into the filter made %q, want the q as typed", got)
	}
}
