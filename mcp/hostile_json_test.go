package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A JSON answer that is not a JSON-RPC message says where it goes wrong.
func TestJSONAnswerThatIsNotRPCSaysWhy(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"byte order mark", "\xef\xbb\xbf{}", "byte order mark"},
		{"trailing bytes", `{"jsonrpc":"2.0","id":1,"result":{}} trailing`, "after top-level value"},
		{"an event stream", "event: message\ndata: {}\n\n", "reads as an event stream"},
		{"not an object", `"a string"`, "not an object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
				if x.Method == "tools/list" {
					x.Status(200, "application/json", tc.body)
					return
				}
				x.Default()
			}}, Config{NoListen: true})
			_, _, err := s.ListTools(testCtx(t), false)
			if CauseOf(err) != CauseNotJSONRPC || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseNotJSONRPC, tc.want)
			}
		})
	}
}
