package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer sent in a field named "Data", which SSE readers ignore (field
// names are case-sensitive), is named when its request fails: on a
// response stream that ended, and on a legacy stream until the timeout,
// where it read as a slow tool ("raise --timeout").
func TestExecNamesDataInAnotherCase(t *testing.T) {
	const want = `an event carried its data in a field named "Data", which SSE readers ignore`
	streamable := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/list" {
			x.Default()
			return
		}
		x.Status(200, "text/event-stream", "event: message\nData: {\"jsonrpc\":\"2.0\",\"id\":"+string(x.ID)+",\"result\":{\"tools\":[]}}\n\n")
	}})
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/list" {
			c.Default()
			return
		}
		_ = c.Session.WriteRaw("event: message\nData: {\"jsonrpc\":\"2.0\",\"id\":" + string(c.ID) + ",\"result\":{\"tools\":[]}}\n\n")
	}})
	for _, tc := range []struct{ name, url, hint string }{
		{"response stream", streamable.URL, ""},
		{"legacy stream", legacy.URL + "/sse", `hint: the server writes an SSE field name that is not exactly "data" (field names are case-sensitive)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--timeout", "1s", tc.url, "tools/list")
			if code != exitFailed || !strings.Contains(out+errOut, want) || !strings.Contains(out+errOut, tc.hint) {
				t.Errorf("exit %d, want %d, %q and %q\n%s\n%s", code, exitFailed, want, tc.hint, out, errOut)
			}
		})
	}
}
