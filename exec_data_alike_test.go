package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer sent in a field a person reads as "data" but a reader does not
// is named when its request fails, with why readers ignore it: a byte order
// mark before "data" (a writer that starts each event with one; a reader
// drops only the one that starts the stream) and a space before the colon
// are part of the field's name. On a legacy stream, where the request
// times out, the hint says the same, not that a name is in the wrong case.
func TestExecNamesDataAfterAByteOrderMarkOrASpace(t *testing.T) {
	const why = `, which SSE readers ignore: a field's name is every byte before its colon`
	for _, field := range []string{"\ufeffdata", "data "} {
		event := func(id string) string {
			return ": open\n\n\ufeffevent: message\n" + field + `: {"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[]}}` + "\n\n"
		}
		streamable := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
			if x.Method != "tools/list" {
				x.Default()
				return
			}
			x.Status(200, "text/event-stream", event(string(x.ID)))
		}})
		legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
			if c.Method != "tools/list" {
				c.Default()
				return
			}
			_ = c.Session.WriteRaw(event(string(c.ID)))
		}})
		for _, tc := range []struct{ name, url, hint string }{
			{"response stream", streamable.URL, ""},
			{"legacy stream", legacy.URL + "/sse", `hint: the server writes an SSE field name that is not exactly "data" (a field's name is every byte`},
		} {
			out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--timeout", "1s", tc.url, "tools/list")
			want := "an event carried its data in a field named " + strings.ReplaceAll(`"`+field+`"`, "\ufeff", `\ufeff`) + why
			if code != exitFailed || !strings.Contains(out+errOut, want) || !strings.Contains(out+errOut, tc.hint) {
				t.Errorf("%s, field %q: exit %d, want %d, %q and %q\n%s\n%s", tc.name, field, code, exitFailed, want, tc.hint, out, errOut)
			}
		}
	}
}
