package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server request whose id is an object, an array or a boolean (none of
// which JSON-RPC allows), or null (which MCP forbids in a request), was
// answered with its id as it came and shown with no word that the id is
// one the SDKs' clients refuse: the request read as a good one (and only
// answers were read for Ambiguous, which Detail asks before saying what
// Ambiguities finds). Its Detail says so, live and read back from a
// recording; a null id on an error answer stays unremarked.
func TestServerRequestIDOfAnotherKindIsSaid(t *testing.T) {
	srv, s, rec := dial(t, mcptest.Options{}, Config{})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ id, want string }{
		{`{"a":1}`, `its "id" is an object ({"a":1}), where JSON-RPC allows only a string, a number or null`},
		{`[1]`, `its "id" is an array ([1])`},
		{`true`, `its "id" is a boolean (true)`},
		{`null`, `its "id" is null, which MCP forbids in a request`},
	} {
		if err := conn.Message(`{"jsonrpc":"2.0","id":` + tt.id + `,"method":"ping"}`); err != nil {
			t.Fatal(err)
		}
		r := rec.waitFor(t, "the ping of id "+tt.id, func(r Record) bool {
			return r.Kind == KindReceived && r.RPC != nil && r.RPC.Method == "ping" && strings.Contains(string(r.RPC.Raw), `"id":`+tt.id)
		})
		if got := Ambiguities(r.RPC.Raw); !r.RPC.Ambiguous || len(got) != 1 || !strings.Contains(got[0], tt.want) {
			t.Errorf("a ping of id %s: Ambiguous %v, Ambiguities %q, want true and %q", tt.id, r.RPC.Ambiguous, got, tt.want)
		}
		back := RPCMessage{Dir: DirIn, Class: r.RPC.Class, Method: r.RPC.Method, Raw: r.RPC.Raw}
		if back.NoteAnswer(); !back.Ambiguous {
			t.Errorf("a ping of id %s read back from a recording is not Ambiguous", tt.id)
		}
	}
	if got := Ambiguities(Raw(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`)); got != nil {
		t.Errorf("Ambiguities of an error answer of id null = %q, want none", got)
	}
}
