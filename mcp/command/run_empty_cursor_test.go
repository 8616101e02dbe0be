package command

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// cursor="" (or cursor=”) asks a list for the page the empty cursor
// names, which 2026-07-28 counts as a cursor; cursor= with nothing after
// it is the first page still, and the two together are refused. Before,
// the empty cursor's page was reachable only by following it with --all.
func TestRunEmptyCursorAsksForItsPage(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "prompts/list", mcptest.PagedOnEmptyCursor("prompts", `{"name":"first"}`, `{"name":"second"}`))
	s, _ := open(t, srv.URL)
	for _, c := range []struct{ line, want string }{
		{`prompts/list cursor=""`, "second"},
		{"prompts cursor=''", "second"},
		{"prompts/list cursor=", "first"},
		{"prompts/list", "first"},
	} {
		r, _, err := runLine(t, s, c.line)
		if err != nil || !strings.Contains(string(r.Result), `"`+c.want+`"`) {
			t.Errorf("%s: %v, %v; want the %s page", c.line, r, err, c.want)
		}
	}
	if _, err := ParseCommand(`tools/list cursor="" cursor=a`); err == nil || !strings.Contains(err.Error(), "one cursor") {
		t.Errorf(`cursor="" cursor=a: %v, want a refusal of two cursors`, err)
	}
}
