package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool result with one unreadable block among readable ones (a bare 7,
// null, a resource link whose name is a number, a text that is a number):
// exec prints the readable blocks and says which block is unreadable and
// why, instead of the whole result as raw JSON.
func TestExecToolResultSaysWhichBlockIsUnreadable(t *testing.T) {
	for _, tc := range []struct{ block, why string }{
		{`7`, `unreadable content[1]: it is a JSON number, where an object belongs`},
		{`null`, `unreadable content[1]: it is null, where an object belongs`},
		{`{"type":"resource_link","uri":"file:///a","name":7}`, `unreadable content[1]: its "name" is a JSON number, where a string belongs`},
		{`{"type":"text","text":7}`, `unreadable content[1]: its "text" is not a string`},
	} {
		srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":"first"},` +
				tc.block + `,{"type":"text","text":"last"}]}}`)
		})
		out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call echo text=hi")
		want := "── tools/call echo\nfirst\n" + tc.why + "\nlast\n"
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("block %s: exit %d, want %q in:\n%s\n%s", tc.block, code, want, out, errOut)
		}
	}
}

// A prompts/get result with one message whose role is a number: exec
// prints the other messages and says which one is unreadable, instead of
// the whole result as raw JSON.
func TestExecPromptSaysWhichMessageIsUnreadable(t *testing.T) {
	srv := mcptest.OnMethod(t, "prompts/get", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"messages":[` +
			`{"role":"user","content":{"type":"text","text":"hello"}},` +
			`{"role":7,"content":{"type":"text","text":"odd"}},` +
			`{"role":"assistant","content":{"type":"text","text":"bye"}}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "prompts/get review")
	want := "user: hello\nunreadable messages[1]: its \"role\" is a JSON number, where a string belongs\nassistant: bye\n"
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
	}
}
