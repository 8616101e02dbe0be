package ui

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// formOnBrokenLegacyStream opens the demo's confirm form over the legacy
// /sse transport, types typed into it, then closes the gateway and waits
// until mcpscope reconnects on its own: the set-up of the tests that what
// the form sends once its stream broke is said not to have been sent.
func formOnBrokenLegacyStream(t *testing.T, typed string) *live {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: 20 * time.Millisecond}, 160, 45, "● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.command("tools/call confirm")
	l.waitFor("asks: elicitation/create")
	l.tm.Type(typed)
	l.waitFor(typed)
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	// The bar's state, from the records: the call's own error says
	// "reconnecting on its own" too, but it reaches Update apart from the
	// records, and what the form sends is judged by the records.
	l.waitFor("◌ reconnecting")
	l.mark()
	return l
}

// elicitationNotAnswered fails t unless m has a row for the server's
// elicitation/create that does not say answered: what would have answered
// it (named by what) could not be sent.
func elicitationNotAnswered(t *testing.T, m *Model, what string) {
	t.Helper()
	row := lastPair(m, func(p *history.Pair) bool {
		return p.Kind == history.KindServerRequest && p.Method == "elicitation/create"
	})
	if row == nil {
		t.Fatal("no row for the server's elicitation/create")
	}
	if s := row.State; s == history.StateAnswered || s == history.StateDeclined || s == history.StateUserCancelled {
		t.Errorf("the elicitation's row says %s, yet the %s could not be sent", row.State, what)
	}
}

// A form still open when the legacy /sse stream it came on breaks: the
// Enter that answers it cannot reach the server. Before, the form closed,
// the row said answered, and the reconnect's news replaced the status
// bar: the answer vanished without a word. Now what was typed is kept for
// ↑, the status bar says it could not be sent and why, and the stream's
// later news carries that on instead of replacing it.
func TestLiveFormAnswerAfterLegacyDropIsKept(t *testing.T) {
	const typed = "accept name=An confirm=true"
	l := formOnBrokenLegacyStream(t, typed)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("could not send your answer")
	l.waitFor("stopped reconnecting on its own")
	m := l.quit()
	if !slices.Contains(slices.Collect(maps.Values(m.ask.typed)), typed) {
		t.Errorf("the kept answers are %v, want %q among them for ↑ in the question asked again", m.ask.typed, typed)
	}
	if m.status.msg == nil || !strings.Contains(m.status.msg.text, "your unsent answer is kept") || !strings.Contains(m.status.msg.text, typed) {
		t.Errorf("after the reconnects gave up the status bar reads %+v, want it still to say the answer %q was kept", m.status.msg, typed)
	}
	elicitationNotAnswered(t, m, "answer")
}
