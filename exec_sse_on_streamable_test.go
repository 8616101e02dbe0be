package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --transport sse given for a streamable server, which refuses a GET
// without a session with 400 (the TypeScript SDK's "No valid session ID
// provided"), is told it may be streamable HTTP, not that its message was
// bad: exec sent no message.
func TestExecSSEForcedOnAStreamableServer(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", srv.Endpoint(), "tools/list")
	if code != exitConnect || !strings.Contains(errOut, "a streamable HTTP server answers so to a GET without a session") {
		t.Errorf("exit %d, want the refused GET to suggest streamable HTTP:\n%s\n%s", code, out, errOut)
	}
}
