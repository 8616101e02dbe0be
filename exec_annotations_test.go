package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Content annotations (server-everything's get-annotated-message: whom a
// block is for, its priority) are printed in brief under their block, a
// prompt's message and a listed resource too; a member of another type is
// shown as it came rather than making the result unreadable.
func TestExecShowsContentAnnotations(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "tools/call":
			c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":{"content":[` +
				`{"type":"text","text":"Error: Operation failed","annotations":{"priority":1.0,"audience":["user","assistant"]}},` +
				`{"type":"image","mimeType":"image/png","data":"AAAA","annotations":{"priority":0.5,"audience":["user"],"lastModified":"2025-01-12T15:00:58Z"}},` +
				`{"type":"text","text":"plain"},` +
				`{"type":"text","text":"odd","annotations":{"priority":"high","audience":"user"}}]}}`)
		case "prompts/get":
			c.Result(map[string]any{"messages": []map[string]any{{"role": "user", "content": map[string]any{
				"type": "text", "text": "Summarize", "annotations": map[string]any{"audience": []string{"assistant"}}}}}})
		case "resources/list":
			c.Result(map[string]any{"resources": []map[string]any{{"uri": "demo://a", "name": "a", "description": "Notes",
				"annotations": map[string]any{"priority": 0.9}}}})
		default:
			c.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/call anything", "prompts/get p", "resources")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"Error: Operation failed\n(for: user, assistant · priority 1)\n[image image/png, 3 bytes] (--save FILE writes it)\n(for: user · priority 0.5 · modified 2025-01-12T15:00:58Z)\nplain\nodd\n(audience \"user\" · priority \"high\")\n",
		"user: Summarize\n      (for: assistant)\n",
		"demo://a  a: Notes (priority 0.9)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks\n%s\nin\n%s", want, out)
		}
	}
}
