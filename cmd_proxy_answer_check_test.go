package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// What the answer check finds in a proxied session (an answer wrapped in a
// batch, an answer in a 202's body) and a session id with blanks are a
// line of the headless proxy, once per session, in the words exec's notes
// and the TUI use. The headless lines said none of them, though the
// recording and the TUI did.
func TestProxyHeadlessSaysWhatTheAnswerCheckFinds(t *testing.T) {
	answer := func(x *mcptest.Exchange) string {
		return `{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[]}}`
	}
	for _, tc := range []struct {
		name string
		srv  func(t *testing.T) *mcptest.StreamableServer
		want string
	}{
		{"batch", func(t *testing.T) *mcptest.StreamableServer {
			return mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) { x.Status(200, "application/json", "["+answer(x)+"]") })
		}, "! the server sent an answer inside a batch (a JSON array) though no batch was sent: mcpscope read its members"},
		{"202 body", func(t *testing.T) *mcptest.StreamableServer {
			return mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) { x.Status(202, "application/json", answer(x)) })
		}, "! the server answered tools/list with 202 Accepted and the answer in its body, where a request's answer comes with 200: mcpscope used the answer"},
		{"session id with blanks", func(t *testing.T) *mcptest.StreamableServer {
			return mcptest.NewStreamable(t, mcptest.StreamableOptions{SessionID: func() string { return "abc def" }})
		}, `! the initialize answer's Mcp-Session-Id "abc def" is ` + mcp.SessionIDNote("abc def")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startHeadless(t, tc.srv(t).Endpoint(), proxyFlags{})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--no-get-stream", h.run.base+"/mcp", "tools/list", "tools/list")
			h.stop()
			if code != exitOK {
				t.Fatalf("exec through the proxy: exit %d\n%s\n%s", code, out, errOut)
			}
			if got := strings.Count(h.errw.String(), tc.want); got != 1 {
				t.Errorf("the headless lines say %q %d times, want once:\n%s", tc.want, got, h.errw.String())
			}
		})
	}
}
