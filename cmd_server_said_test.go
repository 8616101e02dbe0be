package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Requests the server said it cancelled and never answered are never
// taken out of the watch: past its bound, a new cancellation is still
// remembered, so an answer after it is still said to come anyway.
func TestCancelWatchKeepsTheNewestPastItsBound(t *testing.T) {
	var cw cancelWatch
	cancel := func(seq int64) *mcp.Record {
		raw := fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d}}`, seq)
		return &mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Class: mcp.ClassNotification, Method: "notifications/cancelled",
			Raw: mcp.Raw(raw), CancelsOurs: &mcp.OurRequest{Seq: seq, What: "tools/call slow"}}}
	}
	for seq := int64(1); seq <= maxWatched; seq++ {
		cw.look(cancel(seq))
	}
	last := int64(maxWatched + 1)
	cw.look(cancel(last))
	answer := &mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Class: mcp.ClassResponse, ReqSeq: last, ID: fmt.Sprint(last)}}
	if got := cw.look(answer); !strings.Contains(got, "anyway") {
		t.Errorf("the answer to the request cancelled past the bound reads %q, want it said to come anyway", got)
	}
}
