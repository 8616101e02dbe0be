package mcp

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// dialPages dials a server whose method (tools/list or prompts/list)
// answers every page with one item and the nextCursor cursor(n) gives for
// page n, counting from 1; pages counts the pages asked for.
func dialPages(t *testing.T, method string, cursor func(n int32) any) (s *Session, pages *atomic.Int32) {
	t.Helper()
	pages = new(atomic.Int32)
	handle := func(c *mcptest.Call) {
		if c.Method != method {
			c.Default()
			return
		}
		n := pages.Add(1)
		c.Result(map[string]any{"tools": []map[string]any{{"name": fmt.Sprintf("t%d", n), "inputSchema": map[string]any{"type": "object"}}},
			"prompts": []map[string]any{{"name": fmt.Sprintf("p%d", n)}}, "nextCursor": cursor(n)})
	}
	_, s, _ = dial(t, mcptest.Options{Handle: handle}, Config{})
	return s, pages
}

// listTestPages lists method, every page or one, with the call a person's
// command makes for it, and returns its error.
func listTestPages(t *testing.T, s *Session, method string, all bool) error {
	if method == "tools/list" {
		_, _, err := s.ListTools(testCtx(t), all)
		return err
	}
	_, err := s.ListPages(testCtx(t), method, Cursor{}, all)
	return err
}
