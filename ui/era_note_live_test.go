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
