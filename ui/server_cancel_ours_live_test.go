package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's notifications/cancelled naming the id of our tools/call in
// flight, when no request of the server's has it, reads in Pairs as what
// happened: the server said it cancelled that request, which is ours (not
// "its own", which it never sent), and our call's row is still paired with
// its answer.
func TestLiveServerCancelNamingOurIDIsNotOurs(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Notify("notifications/cancelled", map[string]any{"requestId": x.ID, "reason": "gave up"})
		x.Result(mcptest.TextResult("done anyway", false))
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitFor("● initialized")
	l.command("tools/call echo text=hi")
	l.waitFor("tools/call echo: ok")
	// Answered after the server said it cancelled it: not a plain ok.
	l.waitRowState("tools/call echo", "⚠ ok anyway")
	m := l.quit()
	var call *history.Pair
	var said string
	for i := 0; i < m.com.log.PairCount(); i++ {
		switch p := m.com.log.Pair(i); p.Method {
		case "tools/call":
			call = p
		case "notifications/cancelled":
			said = methodText(p)
		}
	}
	if call == nil || call.State != history.StateOK {
		t.Fatalf("our tools/call row %+v, want it answered", call)
	}
	if want := "the server said it cancelled request " + call.ID + ", a request sent to it (tools/call echo): gave up"; said != want {
		t.Errorf("the cancellation's row reads %q, want %q", said, want)
	}
}
