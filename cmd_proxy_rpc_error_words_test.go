package main

import (
	"regexp"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Upstream answers a resources/read with a JSON-RPC error: the headless
// proxy's line for the answer says its code and the server's message
// (sanitized), where it read a bare "error 13ms" and the reader of a CI log
// had to open the recording to learn which error it was.
func TestProxyHeadlessSaysAnErrorAnswersCodeAndMessage(t *testing.T) {
	srv := mcptest.OnMethod(t, "resources/read", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":{"code":-32002,"message":"Resource demo://nope not found\u001b[2J"}}`)
	})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	run(t, "exec", "--no-record", h.run.base+"/mcp", "resources/read demo://nope")
	h.stop()
	line := regexp.MustCompile(`← resources/read demo://nope id=\S+ error [^\n]* — code -32002: Resource demo://nope not found[^\x1b\n]*\n`)
	if out := h.errw.String(); !line.MatchString(out) {
		t.Errorf("no line says the error's code and message:\n%.3000s", out)
	}
}
