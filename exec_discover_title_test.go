package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 server (mcp-proxy's modern leg, the TypeScript SDK v2's
// createMcpHandler) is opened with server/discover: exec heads that answer
// with what was sent, as the TUI's status line names it, not "initialize".
func TestExecHeadsTheDiscoverAnswer(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if code != exitOK || !strings.Contains(out, "── server/discover\n") || strings.Contains(out, "── initialize") {
		t.Errorf("exit %d, want the opening answer headed server/discover\n%s\n%s", code, out, errOut)
	}
}
