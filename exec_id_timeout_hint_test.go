package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request that times out while its answer came with its id named twice,
// or given back as a string, is advised as the server's broken answer,
// not as a slow tool ("raise --timeout").
func TestExecTimeoutAdvisesABrokenAnswerID(t *testing.T) {
	for _, tc := range []struct{ name, answer, want string }{
		{"id twice", `{"jsonrpc":"2.0","id":%ID%,"id":99,"result":{"tools":[]}}`, `hint: the server named "id" twice in an answer`},
		{"id as a string", `{"jsonrpc":"2.0","id":"%ID%","result":{"tools":[]}}`, "hint: the server gave this request's id back as a string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
				if c.Method != "tools/list" {
					c.Default()
					return
				}
				c.Reply(strings.ReplaceAll(tc.answer, "%ID%", string(c.ID)))
			}})
			out, errOut, code := run(t, "exec", "--no-record", "--timeout", "1s", legacy.URL+"/sse", "tools/list")
			if code != exitFailed || !strings.Contains(out+errOut, tc.want) || strings.Contains(out+errOut, "--timeout") {
				t.Errorf("exit %d, want %d and %q\n%s\n%s", code, exitFailed, tc.want, out, errOut)
			}
		})
	}
}
