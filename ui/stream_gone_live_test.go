package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A streamable session whose server dies with no call in flight: the GET
// stream cannot be reopened, and the status bar (not only Negotiation, a
// tab the user is not looking at on 80x24) says the stream is gone and
// what to do, and keeps saying so in its state once the message expires.
func TestLiveServerGoneWithNothingInFlightSaysSoOnTheBar(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.mark()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("● stream gone")
	l.waitFor("press r to reconnect")
	m := l.quit()
	if !m.status.gone {
		t.Errorf("the status bar forgot the stream is gone")
	}
}
