package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// In a proxy's TUI, the user's own session's "stream gone" was one flag
// for the screen: stepping to a proxied client, initialized and well, its
// bar read "● stream gone" too. It is the own session's tab's, and is said
// again on it.
func TestOwnStreamGoneStaysOnItsTab(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	// The GET stream is tried again before it is given up: quickly here.
	l := ownSessionLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable, ReconnectDelay: 10 * time.Millisecond}, "you (mcpscope)")
	l.waitFor("● initialized")
	alpha := make(chan []mcp.Record, 1)
	l.tm.Send(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: alpha})
	alpha <- []mcp.Record{{Seq: 1, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Conn: 1}}}
	l.waitFor("alpha")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("● stream gone")
	l.mark()
	l.tm.Type("[")
	l.waitText("1 alpha · sse")
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("]")
	l.waitFor("● stream gone")
	l.tm.Type("[")
	m := l.quit()
	if bar := ansi.Strip(m.status.view()); strings.Contains(bar, "stream gone") || !strings.Contains(bar, "● initialized") {
		t.Errorf("on the proxied client's tab the status bar = %q, want its own state, not the own session's stream gone", bar)
	}
}
