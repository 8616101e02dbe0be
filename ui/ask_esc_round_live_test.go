package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Esc on a 2026 round's sampling declines it, as the hint under the input
// says before the key is pressed, and the status line says the round ends
// there; what was typed into the answer is kept, and ↑ in the next
// question brings it back. Esc took the typed reply with it, and the
// status said only "declined", not that the request would not be sent
// again.
func TestLiveEscOnRoundSamplingSaysTheRoundEndsAndKeepsTheTyping(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL(), Transport: mcp.TransportStateless})
	l.waitFor("● discovered")
	l.call("sample prompt=hi")
	l.waitFor("asks: sampling/createMessage")
	l.waitText("esc declines (the request is not sent again)")
	l.tm.Type("my draft reply")
	l.waitText("answer › my draft reply")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitText("the request that asked is not sent again")
	l.waitText("your unsent answer is kept")
	l.waitFor("⊘ declined")
	l.mark()
	l.call("sample prompt=hi")
	l.waitFor("asks: sampling/createMessage")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
	l.waitText("answer › my draft reply")
	l.quit()
}
