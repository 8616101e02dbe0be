package mcp

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list sent as any request (a re-run of a recording sends the
// recorded one with Request) is what the session knows of the tools: a
// 2026 tools/call sent after it carries the Mcp-Param headers the listed
// schema asks for. Only ListTools taught them, so replay --against a
// stateless server sent forecast without them and was refused -32020
// "header mismatch: missing Mcp-Param-Region…". Each page counts: the
// first replaces what was known, a later one (sent with its cursor) adds
// to it.
func TestStatelessToolsLearntFromAnyListing(t *testing.T) {
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{Tools: mcptest.StatelessTools(), ToolPages: 2}, Config{})
	ctx := testCtx(t)
	first, err := s.Request(ctx, "tools/list", nil)
	if err != nil || first.Error != nil {
		t.Fatalf("tools/list: %v, %v", first, err)
	}
	page, err := first.Tools()
	if err != nil || page.NextCursor == "" {
		t.Fatalf("the first page: %v, cursor %q: want a next page", err, page.NextCursor)
	}
	if !page.HeadersRead {
		t.Error("the first page's tools' headers were not read as it was answered")
	}
	cursor, _ := json.Marshal(map[string]string{"cursor": page.NextCursor})
	if second, err := s.Request(ctx, "tools/list", cursor); err != nil || second.Error != nil {
		t.Fatalf("tools/list's second page: %v, %v", second, err)
	}
	if got, want := len(s.Tools()), len(mcptest.StatelessTools()); got != want {
		t.Errorf("the session knows %d tools after both pages, want %d", got, want)
	}
	resp, err := s.Request(ctx, "tools/call", json.RawMessage(`{"name":"forecast","arguments":{"region":"Bern","days":3}}`))
	if err != nil || resp.Error != nil {
		t.Fatalf("forecast, called after the pages were listed by hand: %v, %v", resp, err)
	}
	var call *mcptest.Request
	for _, r := range srv.Requests() {
		if r.RPCMethod == "tools/call" {
			call = &r
		}
	}
	if h := call.Header; h.Get("Mcp-Param-Region") != "Bern" || h.Get("Mcp-Param-Days") != "3" {
		t.Errorf("tools/call headers %v, want Mcp-Param-Region and Mcp-Param-Days", h)
	}
	// A first page again replaces the list: the second page's tools are
	// no longer known until it is listed again.
	if again, err := s.Request(ctx, "tools/list", nil); err != nil || again.Error != nil {
		t.Fatalf("tools/list again: %v, %v", again, err)
	}
	if got := len(s.Tools()); got != len(page.Tools) {
		t.Errorf("the session knows %d tools after the first page again, want its %d", got, len(page.Tools))
	}
}
