package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// The headless line of a request reads its progress token where the
// record holds the request, without a copy of it: a proxy relaying
// requests of megabytes (up to --max-event-size each) made a copy of
// each only to find a token, as much again as the request.
func TestHeadlessLineReadsATokenWithoutCopyingTheRequest(t *testing.T) {
	const size = 1 << 20
	raw := mcp.Raw(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"_meta":{"progressToken":"p"},"name":"big","arguments":{"text":"` + strings.Repeat("x", size) + `"}}}`)
	at := time.Now()
	lp, _ := headlessLines()
	lp.record(mcp.Record{Seq: 1, Time: at, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: "out", Class: mcp.ClassRequest, ID: "2", Method: "tools/call", Tool: "big", Raw: raw}})
	if a := lp.asked[1]; a == nil || a.token != `"p"` {
		t.Fatalf("the request's progress token was not read: %+v", a)
	}
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			lp, _ := headlessLines()
			lp.record(mcp.Record{Seq: 1, Time: at, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: "out", Class: mcp.ClassRequest, ID: "2", Method: "tools/call", Tool: "big", Raw: raw}})
		}
	})
	if got := res.AllocedBytesPerOp(); got >= size/2 {
		t.Errorf("a request's line allocates %d bytes, want far less than the request's %d: it was copied", got, size)
	}
}
