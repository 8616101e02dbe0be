package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Progress under a token no pending request named (one never sent, or a
// request's after its answer) is checked as exec checks it: the row of
// the notification that goes back says so in Detail, in exec's words,
// where only a pending request's own token was checked and the row read
// as a server at work; and its row in Pairs has the ⚠ of a warned row,
// where it read "received" as the one before it.
func TestLiveProgressOfAnyTokenIsChecked(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		for _, at := range []float64{5, 3} {
			_ = x.Notify("notifications/progress", map[string]any{"progressToken": "ghost", "progress": at})
		}
		x.Result(mcptest.TextResult("done", false))
	})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitFor("● initialized")
	l.command("tools/call echo text=hi")
	l.waitOK("tools/call echo")
	m := l.quit()
	log := m.com.log
	var said, states []string
	for i := 0; i < log.PairCount(); i++ {
		if log.Pair(i).Method == "notifications/progress" {
			said = append(said, strings.Join(strings.Fields(ansi.Strip(strings.Join(detailOf(m, log, i), "\n"))), " "))
			state, _ := m.com.pairState(log.Pair(i))
			states = append(states, state)
		}
	}
	if want := []string{"received", "⚠ received"}; !slices.Equal(states, want) {
		t.Errorf("the progress rows' states read %q, want %q", states, want)
	}
	const words = `⚠ the server's progress for request "ghost": progress went from 5 to 3: the specification has it increase with each notification`
	if len(said) != 2 || strings.Contains(said[0], "⚠") || !strings.Contains(said[1], words) {
		t.Errorf("the Details of the two progress rows read\n%q\nwant the second only to say %q", said, words)
	}
}
