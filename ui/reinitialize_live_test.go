package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// i on a streamable session already initialized opens a new session: the
// status says so, and what the old one held that is gone, where it said
// only "initialize: ok".
func TestLiveInitializeAgainSaysANewSessionReplacedTheOld(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("i")
	l.waitText("a new session replaced the old one")
	m := l.quit()
	if said := m.status.msg.text; !strings.Contains(said, "resource subscriptions") || !strings.Contains(said, "log level") {
		t.Errorf("the status after initializing again says %q, want what was lost", said)
	}
}

// initialize typed on the command line opens a new session as i does, and
// the status says so: only the key said it.
func TestLiveInitializeTypedAgainSaysANewSessionReplacedTheOld(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.command("initialize")
	l.waitText("a new session replaced the old one")
	l.quit()
}
