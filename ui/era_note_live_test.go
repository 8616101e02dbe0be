package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026-07-28 method typed in a session that negotiated 2025-11-25 goes
// (the user may be testing the server), but the demo's /mcp (the Go SDK)
// takes subscriptions/listen and never answers: the status line said only
// "waiting for the answer…" until the request timeout. It says at once
// that the method is of another era than the session.
func TestLiveStatusSaysAtOnceAMethodIsOfAnotherEra(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.command(`subscriptions/listen notifications:='{"toolsListChanged":true}'`)
	l.waitFor("subscriptions/listen belongs to 2026-07-28 and this session speaks 2025-11-25")
	l.quit()
}

// A method of the older eras typed in a 2026-07-28 session (ping) is
// refused as unknown, and that refusal took the place of the warning
// said as it went: the status line read "ping: JSON-RPC error -32601:
// method not found" as if the server lacked it. It says the refusal is
// the era's, as exec's hint and Detail do.
func TestLiveRefusalOfAnotherErasMethodSaysWhy(t *testing.T) {
	l := startDemoListening(t)
	l.command("ping")
	// The status line's words: Detail's hint has no "ping: " before it.
	l.waitFor("ping: initialize, ping and logging/setLevel are gone in 2026-07-28")
	l.quit()
}
