package command

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A list page of two megabytes of 1s keeps the reasons of its first few
// unreadable entries and counts the rest, where it kept a reason each (a
// million strings) that print then cut to 20 lines; its count is whole.
func TestListPageBoundsItsUnreadableEntries(t *testing.T) {
	const n = 1 << 20
	srv := mcptest.OnMethod(t, "resources/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resources":[1` + strings.Repeat(",1", n-1) + `]}}`)
	})
	s, _ := open(t, srv.Endpoint())
	resp, _, err := runLine(t, s, "resources/list")
	if err != nil {
		t.Fatal(err)
	}
	page, err := ParseResources(resp.Result)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Unreadable) != mcp.UnreadableKept || page.UnreadableMore != n-mcp.UnreadableKept {
		t.Fatalf("kept %d reasons and counted %d more, want %d and %d", len(page.Unreadable), page.UnreadableMore, mcp.UnreadableKept, n-mcp.UnreadableKept)
	}
	if page.Unreadable[3] != "resources[3]: the entry is an integer (1), not an object" {
		t.Errorf("Unreadable[3] = %q", page.Unreadable[3])
	}
	if len(page.Items) != 0 || cap(page.Items) > 1024 {
		t.Errorf("no items, but room for %d", cap(page.Items))
	}
}

// An entry that is not an object is said in the same words by tools/list
// and the other lists, its kind with an excerpt: tools/list said "an
// integer" where prompts/list said "an integer (5)".
func TestListsSayAnEntryOfTheWrongKindAlike(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[5,null,"s"]}}`)
		case "prompts/list":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"prompts":[5,null,"s"]}}`)
		default:
			x.Default()
		}
	}})
	s, _ := open(t, srv.Endpoint())
	tr, _, err := runLine(t, s, "tools/list")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := mcp.ParseTools(tr.Result)
	if err != nil {
		t.Fatal(err)
	}
	pr, _, err := runLine(t, s, "prompts/list")
	if err != nil {
		t.Fatal(err)
	}
	prompts, err := ParsePrompts(pr.Result)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"the entry is an integer (5), not an object", "the entry is null, not an object", `the entry is a string ("s"), not an object`}
	if len(tools.Unreadable) != 3 || len(prompts.Unreadable) != 3 {
		t.Fatalf("tools %v, prompts %q: want 3 unreadable each", tools.Unreadable, prompts.Unreadable)
	}
	for i, w := range want {
		if got := tools.Unreadable[i].Reason; got != w {
			t.Errorf("tools[%d]: %q, want %q", i, got, w)
		}
		if _, got, _ := strings.Cut(prompts.Unreadable[i], ": "); got != w {
			t.Errorf("prompts[%d]: %q, want %q", i, got, w)
		}
	}
}
