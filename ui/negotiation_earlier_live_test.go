package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// After r, the Negotiation pane's POSTs are the new session's: the refused
// POST of the attempt before the server was started is marked earlier.
// The POSTs line said "failed: dial tcp …: connection refused ×1, 200 ×1,
// 202 ×1" under a session that had just initialized, as if it were failing.
func TestNegotiationMarksAnEarlierAttemptsPosts(t *testing.T) {
	addr, free := mcptest.ClosedUntil(t) // nothing listens there until the server starts below
	l := startLive(t, mcp.Config{URL: "http://" + addr + "/mcp", Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitFor("● failed")
	free()
	gw, err := demo.Start(addr, demo.Options{})
	if err != nil {
		t.Fatalf("starting the server on the port that refused: %v", err)
	}
	t.Cleanup(func() { gw.Close() })
	l.mark()
	l.tm.Type("r")
	l.waitFor("● initialized")
	v := ansi.Strip(l.quit().View())
	if posts := row(v, "POSTs "); posts == "" || strings.Contains(posts, "refused") || !strings.Contains(posts, "200 ×1") {
		t.Errorf("the POSTs line = %q, want the new session's answers only:\n%s", posts, v)
	}
	if earlier := row(v, "  earlier "); !strings.Contains(earlier, "connection refused") && !strings.Contains(earlier, "failed: dial tcp") {
		t.Errorf("the refused POST is not marked as earlier (row %q):\n%s", earlier, v)
	}
}
