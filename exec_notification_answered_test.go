package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers notifications/initialized (a result with id null)
// broke JSON-RPC: exec says so in one line, as the TUI shows the answer's
// row, where it said nothing, in each era that has the notification.
func TestExecSaysANotificationWasAnswered(t *testing.T) {
	const answer = `{"jsonrpc":"2.0","id":null,"result":{}}`
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "notifications/initialized" {
			c.Default()
			return
		}
		c.Reply(answer)
	}})
	streamable := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) { x.Reply(answer) })
	for era, url := range map[string]string{"legacy": legacy.SSEURL(), "streamable": streamable.Endpoint()} {
		out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", url, "tools/list", "ping")
		want := "· an answer came back with id null that no request of ours has"
		if code != exitOK || strings.Count(out, want) != 1 {
			t.Errorf("%s: exit %d, want %q once\n%s\n%s", era, code, want, out, errOut)
		}
	}
}
