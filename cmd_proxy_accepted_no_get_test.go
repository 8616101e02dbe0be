package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request upstream answers 202 with no body, when the client never
// opened a GET stream, has a line saying its answer can come only on one,
// and when the proxy stops with it unanswered, a line saying it was never
// answered: it had no line at all. That line names the request once: it
// said "post tools/list id=2: never answered … to tools/list".
func TestProxyAcceptedRequestWithNoGetStreamHasItsLines(t *testing.T) {
	stateDir(t)
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true, Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			x.Accept()
			return
		}
		x.Default()
	}})
	h := startHeadless(t, fake.URL, proxyFlags{})
	postInSession(t, h.run.base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	h.waitFor("GET stream not opened by the client, and an answer waits for one: POST ")
	h.stop()
	out := h.errw.String()
	if !strings.Contains(out, "tools/list id=2") || !strings.Contains(out, "never answered, by the end of the session: POST ") {
		t.Errorf("the lines do not say the tools/list was never answered:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "never answered, by the end of the session") && strings.Count(line, "tools/list") != 1 {
			t.Errorf("the line names tools/list %d times, want once:\n%s", strings.Count(line, "tools/list"), line)
		}
	}
}
