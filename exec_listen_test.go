package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// subscriptions/listen typed in exec is answered by the server's
// acknowledgement, said in words, and the next command goes at once: the
// stream stays open rather than holding exec until --timeout.
func TestExecListenIsAcknowledgedAndGoesOn(t *testing.T) {
	modern := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--timeout", "30s", modern.Endpoint(),
		`subscriptions/listen notifications:='{"toolsListChanged":true,"resourceSubscriptions":["demo://a"]}'`, "tools/list")
	if code != exitOK || !strings.Contains(out, "── subscriptions/listen\nacknowledged: resourceSubscriptions demo://a, toolsListChanged\n") || !strings.Contains(out, "── tools/list") {
		t.Errorf("exit %d, want the acknowledgement said and tools/list run:\n%s\n%s", code, out, errOut)
	}
}
