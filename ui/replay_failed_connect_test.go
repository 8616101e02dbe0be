package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A recording of a session that failed to connect opened on Pairs, which
// said "no message played yet (G jumps to the end)" of a session with no
// messages. It opens on Negotiation with the failure, as the live session
// did.
func TestReplayOfAFailedConnectionOpensOnNegotiation(t *testing.T) {
	failing := htmlFailing(t, "<h1>broken</h1>")
	s := mcp.NewSession(mcp.Config{URL: failing.URL + "/mcp", RequestTimeout: 15 * time.Second})
	recs := sessionRecords(t, s, func(ctx context.Context) {
		if err := s.Connect(ctx); err == nil {
			t.Error("the session connected to a server that answers only 500")
		}
	})
	p := history.NewPlayer(history.Header{URL: failing.URL + "/mcp"}, recs)
	m := replayAtEnd(t, p, 80, 24)
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "╭─ Negotiation") || !strings.Contains(v, "no transport worked") || strings.Contains(v, "no message played yet") {
		t.Errorf("the replay of a failed connection does not show its failure on Negotiation:\n%s", v)
	}
}
