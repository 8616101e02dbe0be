package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 list page whose nextCursor is the empty string names one
// page more, as that revision has it: exec's one page says so and points
// at --all, which lists the next page's items too, where "1 tool" read as
// the whole list, and at cursor="", which asks for that page alone (it
// was reachable only with --all); cursor= with no text is still the
// first page.
func TestExecEmptyCursorIsAPageOn2026(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", mcptest.PagedOnEmptyCursor("tools",
		`{"name":"first","inputSchema":{"type":"object"}}`, `{"name":"second","inputSchema":{"type":"object"}}`))
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	want := `1 tool (more pages: use tools/list --all, or cursor=""; the nextCursor is the empty string, which 2026-07-28 counts as a page)`
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q\n%s\n%s", code, want, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list --all")
	if code != exitOK || !strings.Contains(out, "second") || !strings.Contains(out, "2 tools\n") {
		t.Errorf("exit %d, want both pages' tools listed\n%s\n%s", code, out, errOut)
	}
	for _, c := range []struct{ line, want, not string }{
		{`tools/list cursor=""`, "second", "first"},
		{"tools/list cursor=''", "second", "first"},
		{"tools/list cursor=", "first", "second"},
	} {
		out, errOut, code = run(t, "exec", "--no-record", "--no-listen", srv.URL, c.line)
		if code != exitOK || !strings.Contains(out, c.want) || strings.Contains(out, c.not) {
			t.Errorf("%s: exit %d, want the %s page's tool alone\n%s\n%s", c.line, code, c.want, out, errOut)
		}
	}
}
