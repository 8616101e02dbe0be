package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list answer of 100,000 unreadable entries and a tool: exec lists
// the tool, says the first few unreadable and counts every one.
func TestExecCountsManyUnreadableTools(t *testing.T) {
	const n = 100_000
	result := `{"tools":[` + strings.Repeat("7,", n) + `{"name":"last"}]}`
	srv := mcptest.New(t, mcptest.Options{Handle: mcptest.RawToolPages(map[string]string{"": result})})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list")
	for _, want := range []string{"last", "unreadable tools[19]: the entry is an integer (7), not an object", "unreadable: 99980 more, not shown", "1 tool and 100000 unreadable"} {
		if !strings.Contains(out, want) {
			t.Errorf("exit %d; the list does not say %q:\n%.3000s\n%s", code, want, out, errOut)
		}
	}
	if strings.Contains(out, "tools[20]") {
		t.Errorf("the list says more than the first 20 unreadable:\n%.3000s", out)
	}
}
