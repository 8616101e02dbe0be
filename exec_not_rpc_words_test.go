package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Bytes that are no JSON-RPC message are said to be so in one wording,
// whether they came as a POST's application/json body or as a message on
// an event stream: the two used to be worded apart ("(it has no method,
// result or error)" beside "JSON but no JSON-RPC message: no method,
// result or error").
func TestExecNotRPCSaidOneWay(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"no members", `{"hello":"world"}`, "JSON but no JSON-RPC message: no method, result or error"},
		{"not an object", `"a string"`, "JSON but no JSON-RPC message: it is not an object"},
		{"not JSON", `{"jsonrpc":"2.0",}`, `not JSON: a key is not a string in double quotes at byte 17: …"jsonrpc":"2.0",▶}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, how := range []string{"json", "sse"} {
				srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
					if how == "json" {
						x.Status(200, "application/json", tc.body)
						return
					}
					_ = x.Event(tc.body) // then the stream ends with no answer
				})
				out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL+"/mcp", "tools/list")
				if code != exitFailed || !strings.Contains(out, tc.want) {
					t.Errorf("%s: exit %d, want %d and the error saying %q:\n%s\n%s", how, code, exitFailed, tc.want, out, errOut)
				}
			}
		})
	}
}
