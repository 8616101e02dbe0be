package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool's failure is said as one whatever shape its result has: with no
// content at all it says there is none (an empty line read as an empty
// text), and with content that is no list, printed as its JSON after
// why it could not be read, it is still called the tool's error.
func TestExecToolErrorOfAnyShape(t *testing.T) {
	for _, tc := range []struct{ name, result, want string }{
		{"no content", `{"isError":true}`, "tool error (isError: true):\n(no content)\n"},
		{"content not a list", `{"isError":true,"content":{"type":"text","text":"disk full"}}`, "tool error (isError: true):\nwarning: the tools/call result is not readable: its \"content\" is not a list\n{"},
		{"empty content, no error", `{"content":[]}`, "(no content)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
				x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + tc.result + `}`)
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
			wantCode := exitFailed
			if !strings.Contains(tc.result, "isError") {
				wantCode = exitOK
			}
			if code != wantCode || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, want %d and %q\n%s\n%s", code, wantCode, tc.want, out, errOut)
			}
		})
	}
}
