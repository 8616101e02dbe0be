package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer that settles on the stateless revision (2026-07-28,
// which has no initialize, and which mcpscope did not offer) is said to,
// as an unknown version is: it went by as a plain "protocol 2026-07-28",
// while every later request told the server the session was stateless.
func TestExecSaysInitializeChoseTheStatelessRevision(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "initialize" {
			c.Result(map[string]any{"protocolVersion": "2026-07-28", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "ahead", "version": "1"}})
			return
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list")
	if code != exitOK || !strings.Contains(out, "protocol 2026-07-28 (a stateless revision, which has no initialize, not a version mcpscope offered (it offered 2025-11-25)") {
		t.Errorf("exit %d, want the version marked as the stateless revision, never offered\n%s\n%s", code, out, errOut)
	}
}
