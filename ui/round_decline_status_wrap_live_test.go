package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026 round's sampling declined with nothing typed ends its call with
// a status that says why it was not sent again: at 80 columns it was cut
// mid-word ("… tools/call was not sent aga…"), as an info line is. It
// wraps, as a refusal does, and is read whole.
func TestLiveRoundDeclinedStatusWrapsAt80(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL(), Transport: mcp.TransportStateless}, 80, 24, "● discovered")
	l.call("sample prompt=hi")
	l.waitFor("asks: sampling/createMessage")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor("⊘ declined")
	// The row's state comes with the records, the call's end with its
	// outcome, apart: the status is said once the outcome is read.
	l.waitWords("tools/call was not sent again")
	m := l.quit()
	said := m.status.msg.text
	if !strings.Contains(said, "tools/call was not sent again") {
		t.Fatalf("the status is %q, want the round's end", said)
	}
	v := ansi.Strip(m.View())
	joined := strings.Join(strings.Fields(v), " ")
	if !strings.Contains(joined, "no answer that declines sampling") {
		t.Errorf("the status at 80 columns is not read whole:\n%s", v)
	}
}
