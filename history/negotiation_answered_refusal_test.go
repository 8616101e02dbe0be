package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A POST refused with a status whose body is the request's answer (404 and
// -32601, as a 2026-07-28 server answers ping) is a problem only until that
// answer is read: the Negotiation pane, drawn between the two records,
// went on saying "POST answered 404" of a server that answered.
func TestRefusalAnsweredInItsBodyLeavesTheProblems(t *testing.T) {
	s := newScript()
	s.negotiate()
	ping := s.request("7", "ping", `{}`)
	s.post(ping, 404, 2e6)
	l := s.log()
	if !hasProblem(l.Negotiation().Problems, "404") {
		t.Fatalf("a refused POST with no answer yet is no problem: %+v", l.Negotiation().Problems)
	}
	l.Append(mcp.Record{Seq: 100, Time: s.now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn,
		Class: mcp.ClassResponse, ID: "7", ReqSeq: ping, RPCError: true, Conn: 1,
		Raw: `{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"method not found"}}`}})
	if ps := l.Negotiation().Problems; hasProblem(ps, "404") {
		t.Errorf("the POST its body answered is still a problem: %+v", ps)
	}
}

func hasProblem(ps []Problem, word string) bool {
	for _, p := range ps {
		if strings.Contains(p.Message, word) {
			return true
		}
	}
	return false
}
