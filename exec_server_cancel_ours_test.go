package main

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's notifications/cancelled that names the id of our own
// tools/call in flight, when no request of the server's has it, is said as
// what happened, in each era: the server said it cancelled that request,
// ours, where the note read as the server cancelling a request of its own
// it never sent; and then that it answered it anyway.
func TestExecServerCancelNamingOurID(t *testing.T) {
	var id atomic.Value // the id of our tools/call, as the server saw it
	cancel := func(raw json.RawMessage) string {
		id.Store(string(raw))
		return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + string(raw) + `,"reason":"gave up"}}`
	}
	handle := func(x *mcptest.Exchange) {
		_ = x.WriteRaw("event: message\ndata: " + cancel(x.ID) + "\n\n")
		x.Result(mcptest.TextResult("done anyway", false))
	}
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/call" {
			c.Default()
			return
		}
		c.Reply(cancel(c.ID))
		c.Result(mcptest.TextResult("done anyway", false))
	}})
	for era, url := range map[string]string{
		"legacy":     legacy.SSEURL(),
		"streamable": mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) { x.SSE(); handle(x) }).Endpoint(),
		"stateless":  mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) { x.SSE(); handle(x) }).URL,
	} {
		out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--no-listen", url, "tools/call anything")
		ours, _ := id.Load().(string)
		want := "· the server said it cancelled request " + ours + ", a request sent to it (tools/call anything): gave up\n" +
			"· the server answered request " + ours + " anyway, after saying it cancelled it\n"
		if code != exitOK || ours == "" || !strings.Contains(out, want) || !strings.Contains(out, "done anyway") {
			t.Errorf("%s: exit %d, want our call answered and %q:\n%s\n%s", era, code, want, out, errOut)
		}
		if strings.Contains(out, "its own request") || strings.Contains(out, "\n· cancelled request") {
			t.Errorf("%s: the cancellation reads as the server's own, or as one we sent:\n%s", era, out)
		}
	}
}
