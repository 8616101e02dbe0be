package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A forced 2025 transport against a server of the stateless era only (the
// TypeScript SDK v2 with legacy: 'reject' answers initialize -32022 naming
// 2026-07-28) fails with the refusal shown as a problem and what to do
// about it, not only the detection's line.
func TestNegotiationAdvisesTheEraWhenInitializeIsRefused(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Initialize: mcptest.Refuse32022})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("initialize was refused")
	l.waitFor("start mcpscope again without") // the advice, worded for the TUI
	l.quit()
}
