package proxy

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// peekBytes is how many bytes peek of body allocates, the least of a few.
func peekBytes(body []byte) uint64 {
	_ = peek(body)
	least := ^uint64(0)
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		_ = peek(body)
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// The proxy reads a client's message once, as the Observer will log it,
// and indexes none of it: a stateless tools/call whose arguments hold
// 200,000 members, and a batch of 100,000 requests, cost the routing of
// them about what a small request does. The call's params were indexed
// two levels deep (every argument a node) to find its clientInfo, and the
// batch's every member was indexed for ids only a stateless batch needs,
// megabytes per message before the Observer read it all again.
func TestPeekIndexesNoneOfTheMessage(t *testing.T) {
	call := func(args string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{` + args + `},` +
			`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"agent","version":"1"}}}}`)
	}
	base := peekBytes(call(`"a":1`))
	var args, batch strings.Builder
	for i := range 200_000 {
		if i > 0 {
			args.WriteByte(',')
		}
		fmt.Fprintf(&args, `"k%d":%d`, i, i)
	}
	batch.WriteByte('[')
	for i := range 100_000 {
		if i > 0 {
			batch.WriteByte(',')
		}
		fmt.Fprintf(&batch, `{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, i)
	}
	batch.WriteByte(']')
	big := call(args.String())
	m := peek(big)
	if name, _ := m.client(); name != "agent" || m.peek.Protocol() != "2026-07-28" || !m.request {
		t.Fatalf("peek of the large call: name %q, protocol %q, request %v; want agent's 2026-07-28 request", name, m.peek.Protocol(), m.request)
	}
	for _, c := range []struct {
		what string
		body []byte
	}{
		{"a tools/call of 200,000 arguments", big},
		{"a batch of 100,000 requests", []byte(batch.String())},
	} {
		if got := peekBytes(c.body); got > base+4<<10 {
			t.Errorf("peek of %s (%d bytes) allocated %d bytes, a small call %d: want about the same", c.what, len(c.body), got, base)
		}
	}
}
