package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A completion/complete answer whose values are of mixed types (a number,
// null, an object beside the strings) and whose hasMore and total are
// strings: exec prints the values that are strings and counts the rest,
// rather than dropping to the raw JSON as if nothing in it were readable.
func TestExecCompletionOfOddTypesPrintsTheStrings(t *testing.T) {
	srv := mcptest.OnMethod(t, "completion/complete", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"completion":` +
			`{"values":["ruby",7,null,{"a":1},"rust"],"total":"lots","hasMore":"yes"}}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "complete prompt review lang=r")
	want := "── completion/complete review\nruby\nrust\n2 values (3 more left out: not strings)\n"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
	}
}
