package proxy

import (
	"strconv"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// BenchmarkDroppedBesideWaiting is a client dropping the answer stream of
// a new request (dropped) each op in a session where 1,000 requests whose
// streams it dropped still wait: what the proxy keeps of them cannot be
// let go, and must not be looked through whole at every new one.
//
//	go test ./mcp/proxy -run '^$' -bench DroppedBesideWaiting
func BenchmarkDroppedBesideWaiting(b *testing.B) {
	c := &Client{obs: mcp.NewObserver(0, nil)}
	go func() {
		for range c.Records() {
		}
	}()
	b.Cleanup(c.obs.Close)
	id := 0
	ask := func() int64 {
		id++
		return c.obs.ClientMessage([]byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(id)+`,"method":"tools/call"}`), 1)
	}
	for range 1000 {
		c.dropped(ask(), "tools/call")
	}
	for b.Loop() {
		c.dropped(ask(), "tools/call")
	}
}
