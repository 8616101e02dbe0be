package mcp

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// A client's message is logged as the bytes it came in, not a copy of
// them: a proxy holds the bodies it relays within a budget, and a copy
// beside each one in flight held up to twice that budget.
func TestClientMessageKeepsTheBodyUncopied(t *testing.T) {
	const size = 8 << 20
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("x", size) + `"}}}`)
	o := NewObserver(2*size, time.Now)
	defer o.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	o.ClientMessage(body, 1)
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > size/8 {
		t.Errorf("logging a client's message of %d bytes allocated %d bytes, want far fewer than the message (no copy of it)", len(body), grew)
	}
	rec := <-o.Records()
	if len(rec) == 0 || rec[0].RPC == nil || string(rec[0].RPC.Raw) != string(body) {
		t.Errorf("the message logged is not the message sent")
	}
}
