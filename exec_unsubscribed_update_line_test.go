package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An update of a resource never subscribed to keeps its own line, and the
// note that it was not subscribed to follows it. Before, the note took the
// first such update's place: exec printed that the update came without
// the line of the update itself, where the second printed as any other.
func TestExecUnsubscribedUpdateKeepsItsLine(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.Notify("notifications/resources/updated", map[string]any{"uri": "file:///other"})
		x.Result(mcptest.TextResult("done", false))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--no-listen", srv.Endpoint(), "tools/call echo text=hi")
	update := "· updated file:///other\n"
	note := `· notifications/resources/updated came for "file:///other", not subscribed to in this session`
	at, noteAt := strings.Index(out, update), strings.Index(out, note)
	if code != exitOK || at < 0 || noteAt < at {
		t.Errorf("exit %d, want the update's line %q and after it %q:\n%s\n%s", code, update, note, out, errOut)
	}
}
