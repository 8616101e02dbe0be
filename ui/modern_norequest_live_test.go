package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// On a 2026-07-28 server there is no logging/setLevel: the level rides in
// the _meta of every later request. The status says so rather than
// "logging/setLevel: sent", which had the user look in Pairs for a request
// that never went; subscribe and unsubscribe say the listen stream was
// opened again, as exec does.
func TestModernLevelAndSubscribeSayWhatHappened(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.StatelessURL()})
	l.waitFor("● discovered")
	l.command("loglevel warning")
	l.waitFor("log level warning: in every later request's _meta")
	l.callOK("log")
	// Nor is there resources/subscribe: the listen stream is opened again.
	l.command("subscribe demo://clock")
	l.waitFor("subscribed to demo://clock: the listen stream now carries its updates")
	l.command("unsubscribe demo://clock")
	l.waitFor("unsubscribed from demo://clock: the listen stream was reopened without it")
	m := l.quit()
	if got := pairsOf(m, "logging/setLevel"); len(got) != 0 {
		t.Errorf("logging/setLevel rows %v, want none: 2026-07-28 has no such request", got)
	}
	var call string
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Tool == "log" && p.Request != nil && p.Request.RPC != nil {
			call = string(p.Request.RPC.Raw)
		}
	}
	if !strings.Contains(call, `"warning"`) {
		t.Errorf("the call after loglevel carries no level in its _meta: %s", call)
	}
}
