package history

import (
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A recording of thousands of resources/subscribe answered (a client
// subscribing in a loop) is read in linear memory: each subscribe copied
// every URI before it, and 40,000 took seconds and gigabytes to open.
func TestSubscribedManyIsLinear(t *testing.T) {
	const n = 20000
	now := time.Date(2026, 11, 26, 14, 0, 0, 0, time.UTC)
	recs := make([]mcp.Record, 0, 2*n)
	for i := range n {
		id := strconv.Itoa(i + 1)
		recs = append(recs,
			mcp.Record{Seq: int64(2*i + 1), Time: now, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: "out", Class: mcp.ClassRequest, ID: id, Method: "resources/subscribe",
				Raw: mcp.Raw(`{"jsonrpc":"2.0","id":` + id + `,"method":"resources/subscribe","params":{"uri":"demo://r/` + id + `"}}`)}},
			mcp.Record{Seq: int64(2*i + 2), Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: id, ReqSeq: int64(2*i + 1),
				Raw: mcp.Raw(`{"jsonrpc":"2.0","id":` + id + `,"result":{}}`)}})
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	l := NewLog()
	l.Append(recs...)
	got := l.Surface().Subscribed
	runtime.ReadMemStats(&after)
	if len(got) != n || got[0] != "demo://r/1" || got[n-1] != "demo://r/"+strconv.Itoa(n) {
		t.Fatalf("subscribed to %d URIs (%.3q...), want the %d subscribed, in order", len(got), got[:min(len(got), 2)], n)
	}
	// Reading the records themselves takes a few hundred bytes each.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
		t.Errorf("reading %d subscribes allocated %d MB", n, alloc>>20)
	}
}
