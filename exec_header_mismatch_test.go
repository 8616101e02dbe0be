package main

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call refused with -32020 (its Mcp-* headers not matching its
// body) right after a tools/list refused the same way was told by exec to
// list the tools again, which meets the same refusal; the TUI's Detail
// already said what changes every request's headers instead. A call
// refused after a tools/list that was answered is still told to list.
func TestExecHeaderMismatchAfterListRefusedAdvisesNoListing(t *testing.T) {
	var refuseList atomic.Bool
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/call" || x.Method == "tools/list" && refuseList.Load() {
			x.Fail(http.StatusBadRequest, mcp.CodeHeaderMismatch, "Header mismatch", map[string]any{"mismatch": map[string]any{"header": "Mcp-Method", "expected": x.Method, "received": "x"}})
			return
		}
		x.Default()
	}})
	hints := func(out string) []string {
		var hs []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "  hint: ") {
				hs = append(hs, l)
			}
		}
		return hs
	}
	out, _, _ := run(t, "exec", "--no-record", srv.Endpoint(), "tools/list", "tools/call echo text=a")
	if hs := hints(out); len(hs) != 1 || !strings.Contains(hs[0], "list the tools again (tools/list)") {
		t.Errorf("a call refused after tools/list was answered: hints %q, want one to list the tools again\n%s", hs, out)
	}
	refuseList.Store(true)
	out, _, _ = run(t, "exec", "--no-record", srv.Endpoint(), "tools/list", "tools/call echo text=a")
	hs := hints(out)
	if len(hs) != 2 || strings.Contains(hs[1], "list the tools again (tools/list)") || !strings.Contains(hs[1], "listing the tools again meets the same refusal") {
		t.Errorf("a call refused after tools/list was refused too: hints %q, want the second to say listing again meets the same refusal\n%s", hs, out)
	}
}
