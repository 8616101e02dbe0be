package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose error object has no number code ({"error":"boom"}, or a
// message alone): exec said "JSON-RPC error -32700" and the proxy's
// headless line "code -32700", a code mcpscope made up, which in a CI log
// reads as the server saying it could not parse the request; a message
// alone read "code 0". Both now say the server gave no code, and quote
// what it sent. A "Code" member is no "code" either: its headline said no
// code while its advice named the one json.Unmarshal took from it.
func TestAnErrorWithNoCodeIsNotGivenOne(t *testing.T) {
	for _, c := range []struct{ errv, quote string }{{`"boom"`, `boom`}, {`{"message":"no code here"}`, "no code here"}, {`{"Code":-32601,"message":"a Code is no code"}`, "a Code is no code"}} {
		up := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":` + c.errv + `}`)
		})
		h := startHeadless(t, up.URL, proxyFlags{})
		out, errOut, code := run(t, "exec", "--no-record", h.run.base+strings.TrimPrefix(up.Endpoint(), up.URL), "tools/list")
		said := out + errOut
		if code == 0 || !strings.Contains(said, "JSON-RPC error (no code): ") || !strings.Contains(said, c.quote) || strings.Contains(said, "-32700") || strings.Contains(said, "error 0:") || strings.Contains(said, "-32601") || strings.Contains(said, "not found") {
			t.Errorf("error %s: exec exits %d and says:\n%s%s\nwant a failure saying the server gave no code, and what it sent", c.errv, code, out, errOut)
		}
		h.waitFor("← tools/list id=")
		if out := h.errw.String(); !strings.Contains(out, "— no code: ") || strings.Contains(out, "code -32700") || strings.Contains(out, "code 0:") {
			t.Errorf("error %s: the headless line gives the error a code the server never sent:\n%s", c.errv, out)
		}
		h.stop()
	}
}

// An error object naming its code and message twice, in two cases
// ("code" and "Code"): json.Unmarshal took whichever came last, so exec
// named a code and words the server's "code" and "message" did not say.
func TestAnErrorsCodeIsItsCodeMember(t *testing.T) {
	for _, errv := range []string{
		`{"code":-32601,"message":"the real words","Code":-32000,"Message":"other words","Data":"other data"}`,
		// Of another type, they made the whole error unreadable.
		`{"code":-32601,"message":"the real words","Code":"x","MESSAGE":5}`,
	} {
		up := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":` + errv + `}`)
		})
		out, errOut, code := run(t, "exec", "--no-record", up.Endpoint(), "tools/list")
		said := out + errOut
		if code == 0 || !strings.Contains(said, "JSON-RPC error -32601: the real words") || strings.Contains(said, "-32000") || strings.Contains(said, "other ") || strings.Contains(said, "unreadable") {
			t.Errorf("error %s: exec exits %d and says:\n%s\nwant the error's code -32601 and message, not its Code, Message or Data", errv, code, said)
		}
	}
}
