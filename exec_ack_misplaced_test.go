package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An acknowledgement belongs at the head of a subscriptions/listen
// stream; one a server sends on a tools/call's answer stream acknowledges
// nothing, and exec said nothing of it, as quiet as the listen stream's
// own.
func TestExecSaysAnAcknowledgementOffTheListenStream(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"notifications": map[string]any{"toolsListChanged": true}})
		x.Result(map[string]any{"content": []any{map[string]any{"type": "text", "text": "done"}}, "resultType": "complete"})
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	want := "· notifications/subscriptions/acknowledged came outside a subscriptions/listen stream, where it acknowledges no subscription"
	if code != exitOK || !strings.Contains(out, want) || !strings.Contains(out, "done") {
		t.Errorf("exit %d, want %q\n%s\n%s", code, want, out, errOut)
	}
}
