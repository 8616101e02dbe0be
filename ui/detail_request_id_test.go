package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server's request whose id is an object (JSON-RPC allows only a string,
// a number or null) was shown in Detail as a good one, answered: what
// Ambiguities finds was said of answers only. It is said under the row's
// heading, as an answer's is.
func TestDetailSaysAServerRequestsIDIsOfAnotherKind(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	raw := `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`
	s.event("message", raw)
	m := &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassServerRequest, ID: `{"a":1}`, Method: "ping", Conn: 1, Raw: mcp.Raw(raw)}
	// As the session reads it when it comes, and a recording's reader
	// when it is read back.
	m.NoteAnswer()
	seq := s.add(mcp.Record{Kind: mcp.KindReceived, RPC: m})
	model := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	got := openPair(t, model, seq)
	if words := strings.Join(strings.Fields(got), " "); !strings.Contains(words, `⚠ its "id" is an object ({"a":1}), where JSON-RPC allows only a string, a number or null`) {
		t.Errorf("Detail does not say the request's id is an object:\n%s", got)
	}
}
