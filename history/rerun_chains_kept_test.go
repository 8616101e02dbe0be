package history

import (
	"fmt"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestRerunChainsKeepOnlyFirsts: reading a recording for a re-run keeps
// the method and tool of a request only while it waits for its answer,
// and past it only when the answer asked for input, so a recording of
// many plain requests holds none of them to the end; a 2026 round of the
// one chain is still read as that chain's.
func TestRerunChainsKeepOnlyFirsts(t *testing.T) {
	s := newScript()
	s.negotiate()
	s.initialized()
	const n = 200
	for i := range n {
		id := fmt.Sprint(100 + i)
		req := s.request(id, "tools/call", `{"name":"echo","arguments":{}}`)
		s.result(id, req, `{"content":[]}`)
	}
	first := s.request("7", "tools/call", `{"name":"echo","arguments":{}}`)
	s.result("7", first, `{"resultType":"input_required","requestState":"s","inputRequests":{"q":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}}}`)
	round := s.add(mcp.Record{Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "8",
		Method: "tools/call", Tool: "echo", Chain: first,
		Raw: mcp.Raw(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo","arguments":{},"requestState":"s","inputResponses":{"q":{"action":"accept","content":{}}}}}`)}})
	s.result("8", round, `{"content":[]}`)

	f := openRecorded(t, s.recs)
	c := f.plan.chains
	if len(c.firsts) != 1 || len(c.pending) != 0 {
		t.Fatalf("kept %d chain firsts and %d waiting of %d requests, want 1 and 0", len(c.firsts), len(c.pending), n+2)
	}
	if got := c.chainFor(round); got != first {
		t.Fatalf("the round %d is read as of chain %d, want %d", round, got, first)
	}
	if f.plan.inputRounds != 1 {
		t.Fatalf("inputRounds = %d, want 1", f.plan.inputRounds)
	}
}
