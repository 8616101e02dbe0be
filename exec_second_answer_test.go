package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers a request twice, the second time with another
// result, had exec print the first and say nothing of the second, which
// read as never sent. The legacy stream carries both before the next
// command's answer, so the line is sure to be printed by then.
func TestExecSaysASecondAnswerToARequest(t *testing.T) {
	answer := func(id []byte, text string) string {
		return `{"jsonrpc":"2.0","id":` + string(id) + `,"result":{"content":[{"type":"text","text":"` + text + `"}]}}`
	}
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/call" {
			c.Default()
			return
		}
		c.Reply(answer(c.ID, "first"))
		c.Reply(answer(c.ID, "second"))
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/sse", "tools/call anything", "tools/list")
	want := "· the server sent another answer to a request answered already (id "
	if code != exitOK || !strings.Contains(out, want) || !strings.Contains(out, "first") || strings.Contains(out, "second\n") {
		t.Errorf("exit %d, want the first answer printed and %q\n%s\n%s", code, want, out, errOut)
	}
}
