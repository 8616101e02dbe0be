package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose initialize named no session, and whose later answers
// named one and then another: exec said the second was not the one
// "initialize's answer named and every request carries", though
// initialize named none and no request carried one.
func TestExecSessionIDsNamedOnlyAfterInitialize(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			x.Header().Set("Mcp-Session-Id", "late1")
		case "tools/call":
			x.Header().Set("Mcp-Session-Id", "late2")
		}
		x.Default()
	}})
	out, errOut, _ := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/list", "tools/call greet name=a")
	said := out + errOut
	if strings.Contains(said, "initialize's answer named and every request carries") ||
		!strings.Contains(said, `an answer named session "late2", not "late1", the one an earlier answer named (initialize's answer named none)`) {
		t.Errorf("exec said:\n%s\nwant the later id said to contradict the earlier answer's, not initialize's", said)
	}
}
