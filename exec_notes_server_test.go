package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's notifications/cancelled and notifications/elicitation/complete
// print what they name (the request and why, the elicitation), not just
// their method.
func TestExecSaysWhatCancellationsAndCompletionsName(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Notify("notifications/cancelled", map[string]any{"requestId": 41, "reason": "the operator gave up"})
		_ = x.Notify("notifications/elicitation/complete", map[string]any{"elicitationId": "e-7"})
		x.Result(mcptest.TextResult("done", false))
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
	if code != exitOK || !strings.Contains(out, "· server cancelled its own request 41: the operator gave up\n") || !strings.Contains(out, "· elicitation e-7 complete\n") {
		t.Errorf("exit %d, want both notifications said by what they name:\n%s\n%s", code, out, errOut)
	}
}
