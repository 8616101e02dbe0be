package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestClientInfoPastDepth: who the client is is read from an initialize
// whose capabilities nest past encoding/json's 10,000 levels, and from a
// 2026 request's _meta when an argument does.
func TestClientInfoPastDepth(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	cases := []struct {
		method, raw, want string
	}{
		{"initialize", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"x":` + deep + `},"clientInfo":{"name":"desk","version":"1.2"}}}`, "desk 1.2"},
		{"tools/call", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","arguments":{"a":` + deep + `},"_meta":{"` + mcp.MetaClientInfo + `":{"name":"agent","version":"0.1"}}}}`, "agent 0.1"},
		{"tools/call", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"clientInfo":{"name":"not-2026-meta"}}}`, ""},
	}
	for _, c := range cases {
		var n negotiationIndex
		n.sentRequest(&mcp.RPCMessage{Method: c.method, Raw: mcp.Raw(c.raw)})
		if got := strings.TrimSpace(n.clientInfo.name + " " + n.clientInfo.version); got != c.want {
			t.Errorf("%s: client %q, want %q", c.method, got, c.want)
		}
	}
}
