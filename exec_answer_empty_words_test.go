package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// answeringIn starts a fake of each era (2024's SSE, 2025's streamable
// HTTP, 2026's stateless) whose tools/call is answered with member, and
// every other message as the fake does by default: the URL to exec, by
// era.
func answeringIn(t *testing.T, member string) map[string]string {
	answer := func(id []byte) string { return `{"jsonrpc":"2.0","id":` + string(id) + `,` + member + `}` }
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/call" {
			c.Default()
			return
		}
		c.Reply(answer(c.ID))
	}})
	handle := func(x *mcptest.Exchange) { x.Reply(answer(x.ID)) }
	return map[string]string{
		"legacy":     legacy.SSEURL(),
		"streamable": mcptest.OnMethod(t, "tools/call", handle).Endpoint(),
		"stateless":  mcptest.StatelessOnMethod(t, "tools/call", handle).URL,
	}
}

// A result of null is legal JSON but no result: exec says so, where it
// printed "(no content)" as for a tool that answered with nothing, and the
// exit status stays that of an answered request, as for a result of
// another shape.
func TestExecSaysAResultIsNull(t *testing.T) {
	for era, url := range answeringIn(t, `"result":null`) {
		out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--no-get-stream", url, "tools/call echo text=hi")
		want := "── tools/call echo\nwarning: the result is null, which names no content"
		if code != exitOK || !strings.Contains(out, want) || strings.Contains(out, "(no content)") {
			t.Errorf("%s: exit %d, want %d and %q\n%s\n%s", era, code, exitOK, want, out, errOut)
		}
	}
}

// A JSON-RPC error without a message, or with an empty one, says it had
// none, where "JSON-RPC error -1: " ended in nothing, as if the message
// had been lost on the way.
func TestExecSaysAnErrorHasNoMessage(t *testing.T) {
	for _, member := range []string{`"error":{"code":-1}`, `"error":{"code":-1,"message":""}`} {
		for era, url := range answeringIn(t, member) {
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--no-get-stream", url, "tools/call echo text=hi")
			if want := "error: JSON-RPC error -1: (no message)\n"; code != exitFailed || !strings.Contains(out, want) {
				t.Errorf("%s, %s: exit %d, want %d and %q\n%s\n%s", era, member, code, exitFailed, want, out, errOut)
			}
		}
	}
}
