package main

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A listing with --all whose nextCursor goes round (a, b, a) stops at the
// repeat and prints the items of the pages it read before the error, for
// every paged list, where it printed the error alone; the advice says the
// server is broken, not "ask for less". A call types its arguments by the
// tools those pages list.
func TestExecCursorLoopKeepsThePagesRead(t *testing.T) {
	var pages atomic.Int32
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if !strings.HasSuffix(c.Method, "/list") || c.Method == "roots/list" {
			c.Default()
			return
		}
		n := pages.Add(1)
		name := fmt.Sprintf("item%d", n)
		c.Result(map[string]any{
			"tools":             []map[string]any{{"name": name, "inputSchema": map[string]any{"type": "object"}}},
			"resources":         []map[string]any{{"uri": "demo://" + name, "name": name}},
			"resourceTemplates": []map[string]any{{"uriTemplate": "demo://" + name + "/{x}", "name": name}},
			"prompts":           []map[string]any{{"name": name}},
			"nextCursor":        []string{"a", "b"}[(n-1)%2],
		})
	}})
	for _, method := range []string{"tools/list", "resources/list", "resources/templates/list", "prompts/list"} {
		pages.Store(0)
		out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), method+" --all")
		if code != exitFailed {
			t.Errorf("%s --all: exit %d, want %d\n%s\n%s", method, code, exitFailed, out, errOut)
		}
		for _, want := range []string{"item1", "item2", "item3", `nextCursor "a" again`, "the server is broken"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s --all over cursors a, b, a printed:\n%s\nwant it to hold %q", method, out, want)
			}
		}
		if strings.Contains(out, "ask for less") {
			t.Errorf("%s --all: a cursor that goes round is advised as a bound to ask under:\n%s", method, out)
		}
	}
	// A call lists the tools first to type its arguments: the tools of
	// the pages read before the repeat are known, not "none".
	pages.Store(0)
	out, errOut, _ := run(t, "exec", "--no-record", srv.SSEURL(), "call item2 n=1")
	if strings.Contains(errOut, "not in tools/list") {
		t.Errorf("calling a tool the looping pages listed warned it is unknown:\n%s\n%s", errOut, out)
	}
}
