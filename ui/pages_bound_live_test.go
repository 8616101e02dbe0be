package ui

import (
	"bytes"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose every list answers the nextCursor it was sent ("same"),
// so that following it goes round forever: each list with --all stops at
// the repeat, and the error line names the list once, as exec does, not
// "tools/list: tools/list: stopped after 2 pages".
func TestLiveListAllStopsAtARepeatedCursorSaidOnce(t *testing.T) {
	members := map[string]string{"tools/list": "tools", "resources/list": "resources",
		"resources/templates/list": "resourceTemplates", "prompts/list": "prompts"}
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if member, ok := members[c.Method]; ok && c.Kind == mcptest.KindRequest {
			c.Result(map[string]any{member: []any{}, "nextCursor": "same"})
			return
		}
		c.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	for _, method := range []string{"tools/list", "resources/list", "resources/templates/list", "prompts/list"} {
		l.mark()
		l.command(method + " --all")
		l.waitFor(method + `: stopped after 2 pages: the server answered nextCursor "same" again`)
		if bytes.Contains(l.seen.Bytes()[l.from:], []byte(method+": "+method)) {
			t.Errorf("%s: the error names the list twice", method)
		}
	}
	l.quit()
}
