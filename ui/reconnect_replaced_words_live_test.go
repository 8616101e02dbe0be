package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// r on a legacy SSE session opens a new session that waits for
// initialize. The Negotiation pane said "press i to start a new session:
// the old session id is dropped", an expired session's advice, while the
// status bar said "a new session; press i to initialize it".
func TestLiveLegacyReconnectSaysInitializeIt(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.tm.Type("r")
	l.waitFor("press i to initialize it")
	// That status can come before the records Negotiation is drawn from.
	l.waitFor("never initialized")
	l.waitFor("not initialized yet: press i first")
	view := ansi.Strip(l.quit().View())
	if !strings.Contains(view, "never initialized") {
		t.Fatalf("the Negotiation pane does not say the new session is not initialized:\n%s", view)
	}
	if strings.Contains(view, "start a new session") {
		t.Errorf("the Negotiation pane says to start a new session, which r already opened:\n%s", view)
	}
	if !strings.Contains(view, "not initialized yet: press i first") {
		t.Errorf("the Negotiation pane does not say to press i:\n%s", view)
	}
}
