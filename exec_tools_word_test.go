package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// "tools" lists the tools, as "prompts" and "resources" list theirs (it
// went to the server as a method named "tools", refused as not found), and
// a list of one says "1 tool" and how to reach the next page, as the
// other lists do.
func TestExecToolsWordAndOneTool(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"tools": []map[string]any{{"name": "only", "inputSchema": map[string]any{"type": "object"}}}, "nextCursor": "p2"})
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools")
	if code != exitOK || !strings.Contains(out, "── tools/list\nonly") {
		t.Fatalf("exit %d, want tools/list run:\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "\n1 tool (more pages: use tools/list --all, or cursor=p2)\n") {
		t.Errorf("the count reads otherwise:\n%s", out)
	}
}
