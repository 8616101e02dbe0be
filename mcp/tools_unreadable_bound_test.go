package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// unreadableTools is a tools array's text: n entries that are no tool,
// then one that is, named last.
func unreadableTools(n int, last string) string {
	return strings.Repeat("7,", n) + `{"name":"` + last + `"}`
}

// A tools/list page of 100,000 unreadable entries keeps the first few
// with their reasons and counts the rest, where it kept a reason each; the
// tool after them is read all the same.
func TestParseToolsBoundsTheUnreadableKept(t *testing.T) {
	const n = 100_000
	page, err := ParseTools(json.RawMessage(`{"tools":[` + unreadableTools(n, "last") + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Tools) != 1 || page.Tools[0].Name != "last" {
		t.Errorf("tools %v, want the one after the unreadable entries", page.Tools)
	}
	if len(page.Unreadable) != UnreadableKept || page.UnreadableMore != n-UnreadableKept {
		t.Fatalf("kept %d unreadable and counted %d more, want %d and %d", len(page.Unreadable), page.UnreadableMore, UnreadableKept, n-UnreadableKept)
	}
	if got := page.Unreadable[UnreadableKept-1].String(); got != "tools[19]: the entry is an integer (7), not an object" {
		t.Errorf("the last kept says %q", got)
	}
}

// tools/list --all over pages full of unreadable entries keeps the first
// few of all the pages, counted from the first page's first entry, and
// counts the rest of every page; every page's tools are listed.
func TestListToolsBoundsTheUnreadableOfEveryPage(t *testing.T) {
	const n = 5_000
	pages := map[string]string{
		"":   `{"tools":[{"name":"a"},` + strings.Repeat(`{},`, 10) + `{"name":"b"}],"nextCursor":"p2"}`,
		"p2": `{"tools":[` + unreadableTools(n, "c") + `]}`,
	}
	_, s, _ := dial(t, mcptest.Options{Handle: mcptest.RawToolPages(pages)}, Config{})
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatal(err)
	}
	tools, resp, err := s.ListTools(testCtx(t), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != 3 || tools[2].Name != "c" {
		t.Errorf("tools %v, want a, b and c", tools)
	}
	page, _ := resp.Tools()
	all := page.AllUnreadable
	if len(all) != UnreadableKept || page.AllUnreadableMore != 10+n-UnreadableKept {
		t.Fatalf("kept %d unreadable and counted %d more, want %d and %d", len(all), page.AllUnreadableMore, UnreadableKept, 10+n-UnreadableKept)
	}
	// The first page's ten, then the second page's from its first entry,
	// which is the merged list's 13th (a, ten, b).
	if all[0].Index != 1 || all[9].Index != 10 || all[10].Index != 12 || all[UnreadableKept-1].Index != 21 {
		t.Errorf("indexes %d %d %d %d, want 1 10 12 21", all[0].Index, all[9].Index, all[10].Index, all[UnreadableKept-1].Index)
	}
}
