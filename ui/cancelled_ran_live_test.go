package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A call cancelled with x before its answer came showed "–" in RESP and
// no time in Detail: how long a slow tool ran before the user gave up on
// it is what they look for. RESP shows it beside "✗ cancelled", Detail
// and the export say "cancelled after".
func TestLiveCancelledCallShowsHowLongItRan(t *testing.T) {
	// Its slow tool never answers.
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: mcptest.StreamableTools()})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.listTools()
	l.call("slow")
	l.waitFor("tools/call slow · started") // its row, drawn pending
	l.tm.Type("x")
	l.waitFor("tools/call slow: cancelled")
	l.waitRowState("tools/call slow", "✗ cancelled")
	m := l.quit()
	// STATE, POST, RESP, SIZE: RESP a time, not "–".
	row := regexp.MustCompile(`tools/call slow.*✗ cancelled +(\S+) +(\S+) +– *│`)
	got := row.FindStringSubmatch(ansi.Strip(m.View()))
	if got == nil {
		t.Fatalf("no cancelled tools/call slow row on the screen:\n%s", ansi.Strip(m.View()))
	}
	if got[2] == "–" || !strings.ContainsAny(got[2][:1], "0123456789") {
		t.Errorf("the cancelled call's RESP reads %q, want how long it ran (row %q)", got[2], got[0])
	}
	var p *history.Pair
	for i := 0; i < m.com.log.PairCount(); i++ {
		if q := m.com.log.Pair(i); q.Tool == "slow" {
			p = q
		}
	}
	if p == nil {
		t.Fatal("no tools/call slow row in the log")
	}
	if ran, end := p.Unanswered(); ran <= 0 || end != "cancelled" {
		t.Fatalf("the cancelled call ran %v (%q), want a time and cancelled", ran, end)
	}
	m.detail.showPair(p)
	if got := strings.Join(m.detail.lines(), "\n"); !strings.Contains(got, "cancelled after ") {
		t.Errorf("the cancelled call's Detail does not say how long it ran:\n%s", got)
	}
	var md strings.Builder
	if err := history.ExportMarkdown(&md, history.Header{URL: srv.Endpoint()}, m.com.log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "cancelled after ") {
		t.Errorf("the export does not say how long the cancelled call ran:\n%s", md.String())
	}
}
