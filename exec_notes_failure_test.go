package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The notifications that came before a request failed are printed with
// that request, not with the next command's answer (the same line fifty
// times in a row is printed once, with its count).
func TestExecNotesOfAFailedRequestStayWithIt(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		for range 50 {
			_ = x.Notify("notifications/message", map[string]any{"level": "info", "data": "before the drop"})
		}
		x.Cut(0)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything", "tools/list")
	call, list, ok := strings.Cut(out, "── tools/list")
	if code != exitFailed || !ok || !strings.Contains(call, "before the drop ×50\n") || strings.Contains(list, "before the drop") {
		t.Errorf("exit %d, want every log line under the failed tools/call and none under tools/list\n%s\n%s", code, out, errOut)
	}
}
