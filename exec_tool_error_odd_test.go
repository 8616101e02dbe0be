package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool result whose isError is not a boolean (the string "yes", the
// number 1): exec says so before the content, and how it read it, instead
// of printing the content as a plain success.
func TestExecSaysAnIsErrorThatIsNotABoolean(t *testing.T) {
	for _, isError := range []string{`"yes"`, `1`} {
		srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":"it broke"}],"isError":` + isError + `}}`)
		})
		out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call echo text=hi")
		want := "── tools/call echo\nisError " + isError + " is not a boolean: read as no error:\nit broke\n"
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("isError %s: exit %d, want %q in:\n%s\n%s", isError, code, want, out, errOut)
		}
	}
}
