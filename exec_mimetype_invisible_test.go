package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A mimeType of which the sanitizer leaves nothing (an escape sequence, a
// bidi mark): exec says it is invisible, where it printed "()".
func TestExecSaysAMimeTypeIsInvisible(t *testing.T) {
	srv := mcptest.OnMethod(t, "resources/read", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"contents":[{"uri":"file:///a","mimeType":"\u001b[31m","text":"hi"}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "resources/read file:///a")
	if want := "file:///a (mimeType of invisible characters)"; code != exitOK || !strings.Contains(out, want) {
		t.Errorf("resources/read: exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
	}
	srv = mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"resource_link","uri":"file:///b","name":"b","mimeType":"\u202e"},` +
			`{"type":"image","mimeType":"\u200b","data":"AAAA"}]}}`)
	})
	out, errOut, code = run(t, "exec", "--no-record", srv.Endpoint(), "tools/call echo text=hi")
	for _, want := range []string{"(mimeType of invisible characters)", "[image mimeType of invisible characters, 3 bytes]"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("tools/call: exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
		}
	}
}
