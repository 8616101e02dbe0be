package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A list refused for its params (a cursor the server never gave) is
// hinted at its cursor, its one param: the hint sent the user to check
// names and types against tools/list and prompts/list, which have
// nothing to do with a cursor.
func TestExecListRefusedParamsHintsTheCursor(t *testing.T) {
	srv := mcptest.OnMethod(t, "resources/list", func(x *mcptest.Exchange) {
		x.Error(-32602, "invalid params")
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "resources/list cursor=1")
	want := "hint: the server refused the params: a list's one param is its cursor, which must be a nextCursor the server gave, sent back as it came (cursor=X); leave cursor= out for the first page, or pass --all for every page"
	if code != exitFailed || !strings.Contains(out+errOut, want) || strings.Contains(out+errOut, "check the names and types") {
		t.Errorf("exit %d, want the hint %q\n%s\n%s", code, want, out, errOut)
	}
}
