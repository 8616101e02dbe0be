package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// tools/list --all says every page's unreadable entries, as one page says
// its own, each counted where it stands in the merged list: an entry
// with no name on a page before the last dropped out of the merged list
// without a word.
func TestExecAllToolsSaysEveryPagesUnreadableEntries(t *testing.T) {
	pages := map[string]string{
		"":   `{"tools":[{"name":"a"},{"title":"no name"}],"nextCursor":"p2"}`,
		"p2": `{"tools":[7,{"name":"b"}],"nextCursor":"p3"}`,
		"p3": `{"tools":[{"name":"c"},{"name":null}]}`,
	}
	srv := mcptest.New(t, mcptest.Options{Handle: mcptest.RawToolPages(pages)})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list --all")
	for _, want := range []string{
		`unreadable tools[1]: it has no "name"`,
		"unreadable tools[2]: the entry is an integer (7), not an object",
		`unreadable tools[5]: its "name" is null, not a string`,
		"3 tools and 3 unreadable",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("exit %d; the merged list does not say %q:\n%s\n%s", code, want, out, errOut)
		}
	}
}
