package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// On 2026-07-28 an empty nextCursor names a next page ("MUST NOT be treated
// as the end of results"): tools/list --all and resources/list --all ask
// for it with "cursor":"" and list what it holds, where the listing ended
// at the first page and the second page's tools were never seen.
func TestListAllFollowsEmptyCursorOn2026(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			mcptest.PagedOnEmptyCursor("tools", `{"name":"first","inputSchema":{"type":"object"}}`, `{"name":"second","inputSchema":{"type":"object"}}`)(x)
		case "resources/list":
			mcptest.PagedOnEmptyCursor("resources", `{"uri":"file:///a","name":"a"}`, `{"uri":"file:///b","name":"b"}`)(x)
		default:
			x.Default()
		}
	}})
	s, _ := connect(t, Config{URL: srv.URL, Transport: TransportStateless, NoListen: true})
	tools, _, err := s.ListTools(testCtx(t), true)
	if err != nil {
		t.Fatalf("ListTools(all): %v", err)
	}
	if len(tools) != 2 || tools[0].Name != "first" || tools[1].Name != "second" {
		t.Errorf("ListTools(all) = %v, want the tools first and second of both pages", toolNames(tools))
	}
	pages, err := s.ListPages(testCtx(t), "resources/list", Cursor{}, true)
	if err != nil || len(pages) != 2 {
		t.Fatalf("ListPages(resources/list, all) = %d pages, %v; want 2 pages", len(pages), err)
	}
}

// A 2026 server whose every page says "nextCursor":"" is stopped at the
// first repeat of that cursor, as one repeating any other cursor is, not
// followed until the page bound.
func TestListAllStopsAtRepeatedEmptyCursor(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[{"name":"again","inputSchema":{"type":"object"}}],"nextCursor":""}}`)
	})})
	s, _ := connect(t, Config{URL: srv.URL, Transport: TransportStateless, NoListen: true})
	tools, _, err := s.ListTools(testCtx(t), true)
	if CauseOf(err) != CauseCursorLoop {
		t.Fatalf("ListTools(all) error = %v, want the cursor-loop error of the repeat", err)
	}
	if len(tools) != 2 {
		t.Errorf("ListTools(all) read %d tools, want the 2 of the first page and the one page its cursor named", len(tools))
	}
}

// On the 2025 eras an empty nextCursor still ends the listing: their
// specification says nothing of it, and servers of theirs write
// "nextCursor":"" on the last page; following it would ask for the first
// page again.
func TestListAllEndsAtEmptyCursorOn2025(t *testing.T) {
	srv, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/list",
		mcptest.PagedOnEmptyCursor("tools", `{"name":"only","inputSchema":{"type":"object"}}`, `{"name":"not-asked","inputSchema":{"type":"object"}}`))}, Config{})
	tools, _, err := s.ListTools(testCtx(t), true)
	if err != nil || len(tools) != 1 || tools[0].Name != "only" {
		t.Fatalf("ListTools(all) = %v, %v; want the one tool of the one page", toolNames(tools), err)
	}
	if n := requestsOf(srv.Requests(), "tools/list"); n != 1 {
		t.Errorf("the server got %d tools/list requests, want 1", n)
	}
}

func toolNames(tools []Tool) []string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return names
}
