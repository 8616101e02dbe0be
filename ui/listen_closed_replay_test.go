package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 session closed with its listen stream open: replayed to its
// end, Pairs drew the stream "● listening" and Negotiation "Listen open
// since…", of a session that had ended. The close ends the stream, and
// both say so.
func TestReplayedListenStreamClosedWithTheSession(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	recs := liveRecords(t, srv.Endpoint())
	p := history.NewPlayer(history.Header{URL: srv.Endpoint(), Transport: mcp.TransportStateless}, recs)
	m := replayAtEnd(p, 160, 45)
	if !p.Done() {
		t.Fatal("the replay did not reach the recording's end")
	}
	pairs := ansi.Strip(strings.Join(m.pairs.view(false), "\n"))
	if !strings.Contains(pairs, "○ closed") || strings.Contains(pairs, "listening") {
		t.Errorf("Pairs does not draw the listen stream closed with the session:\n%s", pairs)
	}
	nego := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.nego.lines(), "\n"))), " ")
	if strings.Contains(nego, "open since") || !strings.Contains(nego, "Listen subscriptions/listen (id") {
		t.Errorf("Negotiation does not say the listen stream closed:\n%s", nego)
	}
}
