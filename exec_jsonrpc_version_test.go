package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer without "jsonrpc": "2.0", or with another version, is read (a
// debugger copes with the real server) and flagged: the MCP SDKs refuse
// it, so a client built on one never sees the answer mcpscope shows.
func TestExecFlagsAnAnswerOfAnotherJSONRPCVersion(t *testing.T) {
	for _, c := range []struct{ member, want string }{
		{``, `it has no "jsonrpc": "2.0" member`},
		{`"jsonrpc":"1.0",`, `its "jsonrpc" is "1.0", not "2.0"`},
	} {
		srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
			x.Reply(`{` + c.member + `"id":` + string(x.ID) + `,"result":{"tools":[]}}`)
		})
		out, errOut, code := run(t, "exec", "--no-record", srv.URL, "tools/list")
		if code != exitOK || !strings.Contains(out, "⚠ "+c.want) || !strings.Contains(out, "0 tools") {
			t.Errorf("%q: exit %d, want the answer read and flagged with %q\n%s\n%s", c.member, code, c.want, out, errOut)
		}
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	if out, _, _ := run(t, "exec", "--no-record", srv.URL, "tools/list"); strings.Contains(out, `"jsonrpc"`) {
		t.Errorf("a well-formed answer was flagged:\n%s", out)
	}
}
