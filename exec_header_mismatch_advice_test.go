package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server refusing a request's Mcp-* headers (-32020) was advised to
// list the tools again for the x-mcp-header annotations whatever the
// method, even for tools/list itself, whose headers no annotation shapes:
// only a tools/call is told so now; another request is told what can
// change its headers (a -H header, a proxy in between).
func TestExecHeaderMismatchAdviceFitsTheMethod(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "server/discover" {
			x.Default()
			return
		}
		x.Fail(http.StatusBadRequest, -32020, "Header mismatch", map[string]any{"mismatch": map[string]any{"header": "Mcp-Method", "expected": "tools/list or tools/call", "received": "x"}})
	}})
	for _, c := range []struct{ command, want, not string }{
		{"tools/list", "no -H header overrides an Mcp-* header and that no proxy in between rewrites them", "list the tools again"},
		{"tools/call greet name=Ann", "list the tools again (tools/list)", "no proxy in between"},
	} {
		out, errOut, _ := run(t, "exec", "--no-record", "--transport", "stateless", srv.URL, c.command)
		all := out + errOut
		if !strings.Contains(all, c.want) || strings.Contains(all, c.not) {
			t.Errorf("%s refused with -32020: want advice saying %q and not %q:\n%s", c.command, c.want, c.not, all)
		}
	}
}
