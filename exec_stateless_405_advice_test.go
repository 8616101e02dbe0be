package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server that answered server/discover and then refuses one
// method with a bare 405 (a subscriptions/listen it does not route, say)
// was advised "this URL does not take POST: it may be a legacy SSE
// stream", which the discover POST it answered had just disproved.
func TestExecStateless405AdvisesTheMethod(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Status(http.StatusMethodNotAllowed, "", "")
	})
	out, errOut, _ := run(t, "exec", "--no-record", srv.URL, "tools/list")
	all := out + errOut
	if !strings.Contains(all, "does not serve this method at this URL") || strings.Contains(all, "this URL does not take POST") {
		t.Errorf("tools/list answered 405 after server/discover: want advice that the method is not served here, not that POST is not taken:\n%s", all)
	}
}
