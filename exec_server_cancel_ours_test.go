package main

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's notifications/cancelled that names the id of our own
// tools/call, in flight: by the specification a cancellation names a
// request its sender sent, so it is said as the server cancelling its own
// request of that id, and our call still gets its answer.
func TestExecServerCancelNamingOurIDIsNotOurs(t *testing.T) {
	var id atomic.Value // the id of our tools/call, as the server saw it
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		id.Store(string(x.ID))
		_ = x.Notify("notifications/cancelled", map[string]any{"requestId": x.ID, "reason": "gave up"})
		x.Result(mcptest.TextResult("done anyway", false))
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/call anything")
	ours, _ := id.Load().(string)
	want := "· server cancelled its own request " + ours + ": gave up\n"
	if code != exitOK || ours == "" || !strings.Contains(out, want) || !strings.Contains(out, "done anyway") {
		t.Errorf("exit %d, want our call answered and %q:\n%s\n%s", code, want, out, errOut)
	}
	if strings.Contains(out, "\n· cancelled request") {
		t.Errorf("the server's cancellation reads as one of ours:\n%s", out)
	}
}
