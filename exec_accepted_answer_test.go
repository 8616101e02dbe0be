package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request's answer in the body of a 202 (JSON or an event stream), which
// the specification keeps for notifications and responses with no body, is
// used, and exec says once per session that the server broke the
// transport, from the check the Negotiation pane asks (history.AnswerCheck).
func TestExecSaysAnAnswerCameWith202(t *testing.T) {
	const want = "· the server answered tools/list with 202 Accepted and the answer in its body, where a request's answer comes with 200: mcpscope used the answer"
	for _, tc := range []struct{ name, contentType, frame string }{
		{"json", "application/json", "%s"},
		{"event stream", "text/event-stream", "event: message\ndata: %s\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
				answer := `{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[]}}`
				x.Status(202, tc.contentType, strings.Replace(tc.frame, "%s", answer, 1))
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list", "tools/list")
			if code != exitOK || strings.Count(out, want) != 1 || strings.Count(out, "0 tools") != 2 {
				t.Errorf("exit %d, want %d, both answers used and once %q\n%s\n%s", code, exitOK, want, out, errOut)
			}
		})
	}
	// The 202s with no body that notifications get are no note.
	plain := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) { x.Result(map[string]any{"tools": []any{}}) })
	if out, errOut, code := run(t, "exec", "--no-record", "--no-listen", plain.URL, "tools/list"); code != exitOK || strings.Contains(out+errOut, "202 Accepted") {
		t.Errorf("exit %d, want a clean answer\n%s\n%s", code, out, errOut)
	}
}
