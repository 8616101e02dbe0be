package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026 request whose input_required answer is not answered (the user
// declines the sampled message) ends there, and its row says so, with
// why, in the recording as on screen: it stayed "↪ input" (answered
// input_required, a new round to follow) for good, and only the status
// line said the chain had stopped. The decline is the user's choice, which
// the 2026 revision has no answer for, so the row reads declined, not
// "✗ failed", and Detail says the request was not sent again.
func TestLiveUnansweredInputEndsTheRequestsRow(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL(), Transport: mcp.TransportStateless})
	l.waitFor("● discovered")
	l.call("sample prompt=hi")
	l.waitFor("asks: sampling/createMessage")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor("⊘ declined")
	m := l.quit()
	call := lastPair(m, func(p *history.Pair) bool { return p.Tool == "sample" })
	if call == nil || call.State != history.StateDeclined || call.Failure == nil || call.Failure.Error.Op != mcp.OpInput {
		t.Fatalf("the sample row is %+v, want it declined", call)
	}
	text := ansi.Strip(openPair(t, m, call.Request.Seq))
	if !strings.Contains(text, "── Declined ── input") || !strings.Contains(text, "declined sampling/createMessage; tools/call was not sent again") {
		t.Errorf("Detail does not say why the request ended:\n%s", text)
	}
}
