package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A page whose nextCursor is a megabyte says there are more pages and how
// long the cursor is, not the cursor: quoted as cursor=X it made a line of
// a megabyte no shell would take as a word.
func TestExecHugeCursorIsNotQuoted(t *testing.T) {
	huge := strings.Repeat("c", 1<<20)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "resources/list" {
			c.Default()
			return
		}
		c.Result(map[string]any{"resources": []map[string]any{{"uri": "demo://a", "name": "a"}}, "nextCursor": huge})
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "resources/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if len(out) > 4096 || !strings.Contains(out, "1 resource (more pages: use resources/list --all; the nextCursor is 1048576 bytes") {
		t.Errorf("resources/list with a 1 MiB nextCursor printed %d bytes, want a short line naming its size:\n%s", len(out), out[:min(len(out), 600)])
	}
}
