package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// List changes a server sends on its GET stream right after initialize
// (as server-everything does, registering tools for the client's
// capabilities) came before the first command was sent: they print under
// its heading, said to have come before it, not as if it caused them. The
// fake pings after them on the same stream and answers exec's tools/list
// only once the ping is answered, so they are in before tools/call goes.
func TestExecSaysNotesBeforeTheCommandWasSent(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Kind == mcptest.KindRequest && x.Method == "tools/list":
			if x.Session.WaitGET(x.Context()) != nil {
				return
			}
			for range 5 {
				_ = x.Session.Notify("notifications/tools/list_changed", nil)
			}
			if x.Session.Ping(x.Context()) != nil {
				return
			}
			x.Default()
		case x.Kind == mcptest.KindRequest && x.Method == "tools/call":
			_ = x.Notify("notifications/message", map[string]any{"level": "info", "data": "working"})
			x.Result(mcptest.TextResult("done", false))
		default:
			x.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
	want := "── tools/call anything\n" +
		"· notifications/tools/list_changed ×5 (came before tools/call anything was sent)\n" +
		"· log info: working\n" +
		"done\n"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want the list changes said to have come before the call, its own log not:\n%s\ngot:\n%s\n%s", code, want, out, errOut)
	}
}
