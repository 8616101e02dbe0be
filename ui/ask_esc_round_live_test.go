package ui

import (
	"strings"
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
	l.waitText("tools/call was not sent again")
	l.waitText("brings it back): my draft reply")
	l.waitFor("⊘ declined")
	l.mark()
	l.call("sample prompt=hi")
	l.waitFor("asks: sampling/createMessage")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
	l.waitText("answer › my draft reply")
	l.quit()
}

// The status that ends a 2026 round declined with a reply typed says the
// round ended once: the request's end (not sent again, since the revision
// has no answer that declines) and then the reply kept, where the decline
// followed it again whole ("declined answer (…): the request that asked is
// not sent again"), a status of five lines at 80 columns saying one thing
// twice.
func TestLiveEscOnRoundSamplingSaysTheRoundEndedOnce(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL(), Transport: mcp.TransportStateless})
	l.waitFor("● discovered")
	l.call("sample prompt=hi")
	l.waitFor("asks: sampling/createMessage")
	l.tm.Type("my draft reply")
	l.waitText("answer › my draft reply")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor("⊘ declined")
	// The row's state comes with the records, the call's end with its
	// outcome, apart: the status is said once the outcome is read.
	l.waitWords("tools/call was not sent again")
	m := l.quit()
	said := m.status.msg.text
	for _, want := range []string{"tools/call was not sent again", "your unsent answer is kept", "my draft reply"} {
		if !strings.Contains(said, want) {
			t.Errorf("the status %q lacks %q", said, want)
		}
	}
	if n := strings.Count(said, "declined"); n != 1 {
		t.Errorf("the status says declined %d times, want once: %q", n, said)
	}
}
