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
// only "initialize: ok". initialize typed on the command line does the
// same, and says it too: only the key did.
func TestLiveInitializeAgainSaysANewSessionReplacedTheOld(t *testing.T) {
	for _, tc := range []struct {
		name string
		send func(l *live)
	}{
		{"key", func(l *live) { l.tm.Type("i") }},
		{"typed", func(l *live) { l.command("initialize") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gw := demotest.Start(t, demo.Options{})
			l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
			l.waitFor("● initialized")
			l.mark()
			tc.send(l)
			l.waitText("a new session replaced the old one")
			m := l.quit()
			if said := m.status.msg.text; !strings.Contains(said, "resource subscriptions") || !strings.Contains(said, "log level") {
				t.Errorf("the status after initializing again says %q, want what was lost", said)
			}
		})
	}
}
