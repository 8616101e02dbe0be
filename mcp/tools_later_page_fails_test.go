package mcp

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A listing of every page whose later page fails leaves the session with
// the tools it knew before the listing began: it was left with the first
// page's alone, and on a 2026 server a later page's tool was then called
// without its Mcp-Param headers and refused -32020.
func TestToolsKeptWhenLaterPageFails(t *testing.T) {
	var failLater atomic.Bool
	handle := func(x *mcptest.Exchange) {
		if failLater.Load() && x.Method == "tools/list" && strings.Contains(string(x.Params), `"cursor"`) {
			x.Error(-32603, "the second page is lost")
			return
		}
		x.Default()
	}
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Tools: mcptest.StatelessTools(), ToolPages: 2, Handle: handle}, Config{})
	ctx := testCtx(t)
	all, _, err := s.ListTools(ctx, true)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	failLater.Store(true)
	if _, _, err := s.ListTools(ctx, true); err == nil || PagesStopped(err) {
		t.Fatalf("tools/list with its second page failing: %v, want the page's error", err)
	}
	if got := len(s.Tools()); got != len(all) {
		t.Errorf("the session knows %d tools after a listing whose second page failed, want the %d known before it", got, len(all))
	}
	// "cursor": null names no page: the answer is the first page, and
	// replaces the list.
	failLater.Store(false)
	resp, err := s.Request(ctx, "tools/list", json.RawMessage(`{"cursor":null}`))
	if err != nil || resp.Error != nil {
		t.Fatalf("tools/list with cursor null: %v, %v", resp, err)
	}
	page, err := resp.Tools()
	if err != nil || len(page.Tools) == len(all) {
		t.Fatalf("tools/list with cursor null: %d tools, %v: want the first page of two", len(page.Tools), err)
	}
	if got := len(s.Tools()); got != len(page.Tools) {
		t.Errorf("the session knows %d tools after a first page asked with cursor null, want its %d", got, len(page.Tools))
	}
}
