package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream that cannot read a client's request answers, as JSON-RPC
// says, an error with id null. The headless line said "answer to an id the
// client never sent id=null", as if it answered some other client's
// request; it now says what such an error is.
func TestProxyHeadlessSaysWhatAnErrorWithANullIDIs(t *testing.T) {
	h := startHeadless(t, mcptest.UnreadableRequest(t, "tools/list", "request too large").URL, proxyFlags{})
	postInSession(t, h.run.base+"/mcp", `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`)
	h.stop()
	out := h.errw.String()
	if strings.Contains(out, "never sent id=null") {
		t.Errorf("stderr says the error with id null answers an id the client never sent:\n%.3000s", out)
	}
	if !strings.Contains(out, "← error with id null: upstream could not read a request, or tell its id") {
		t.Errorf("stderr does not say what the error with id null is:\n%.3000s", out)
	}
}
