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
	var line string
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(l, "null") {
			line = l
		}
	}
	if want := "← error with id null: upstream could not read a request, or tell its id"; !strings.HasSuffix(line, want) {
		t.Errorf("the line of upstream's error with id null is %q, want it to end %q", line, want)
	}
}
