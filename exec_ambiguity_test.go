package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer JSON readers may read two ways (a member named twice, result
// and error both) says so beside what mcpscope made of it, so the reading
// shown is not taken for the only one.
func TestExecSaysWhenAnAnswerReadsTwoWays(t *testing.T) {
	for _, tc := range []struct {
		name, answer, want string
		code               int
	}{
		{"result twice", `"result":{"tools":[]},"result":{"tools":[{"name":"evil","inputSchema":{"type":"object"}}]}`,
			`⚠ the message has 2 "result" members: readers differ on which counts, and mcpscope took the last`, exitOK},
		{"isError twice", `"result":{"content":[],"isError":true,"isError":false}`,
			`⚠ its result has 2 "isError" members`, exitOK},
		{"result and error", `"result":{"tools":[]},"error":{"code":-32603,"message":"broken"}`,
			`⚠ it has both "result" and "error", which JSON-RPC forbids: mcpscope read it as the error`, exitFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := statelessOn(t, "tools/list", func(x *mcptest.Exchange) {
				x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,` + tc.answer + `}`)
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Errorf("exit %d, want %d and %q\n%s\n%s", code, tc.code, tc.want, out, errOut)
			}
		})
	}
	// A clean answer, and JSON-RPC 1.0's "error": null beside a result,
	// read one way only.
	srv := statelessOn(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[]},"error":null}`)
	})
	if out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list"); code != exitOK || strings.Contains(out+errOut, "⚠") {
		t.Errorf("exit %d, want a clean answer without a warning\n%s\n%s", code, out, errOut)
	}
}
