package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request cancelled with x: its Detail says in words that it was
// cancelled here, not Go's "context canceled".
func TestLiveCancelledRequestSaysSoInWords(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.listTools()
	l.call("slow seconds=4") // step 1 of 4 after a second, then x
	l.waitFor("tools/call slow ·")
	l.waitRowPending("tools/call slow") // x cancels the row it follows
	l.tm.Type("x")
	l.waitFor("tools/call slow: cancelled")
	l.waitRowState("tools/call slow", "✗ cancelled")
	m := l.quit()
	// The demo's slow tool answers when it is cancelled: an answer that
	// came before the TUI quit is said to have come after all.
	want := "cancelled here before its answer came"
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Tool == "slow" && p.Failure != nil {
			m.detail.showPair(p)
			if p.Response != nil {
				want = "cancelled here: mcpscope stopped waiting for it, and its answer came"
			}
		}
	}
	lines := m.detail.lines()
	for i, l := range lines {
		if strings.Contains(l, "Failure") && i+1 < len(lines) {
			if got := lines[i+1]; !strings.HasPrefix(got, want) {
				t.Errorf("the cancelled request's failure reads %q, want %q", got, want)
			}
			return
		}
	}
	t.Errorf("the cancelled request's Detail has no Failure section:\n%s", strings.Join(lines, "\n"))
}
