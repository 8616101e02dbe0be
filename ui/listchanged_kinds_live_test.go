package ui

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// prompts/list_changed and resources/list_changed are followed as
// tools/list_changed is: the list is asked for again on its own, and a
// server that says its list changed after every listing is listed at most
// maxAutoLists times in a row, then told why not again. Before, only tools
// were listed again: the prompts and resources the command line completes
// stayed as they were.
func TestLiveListChangedOfPromptsAndResources(t *testing.T) {
	for _, kind := range []string{"prompts", "resources"} {
		t.Run(kind, func(t *testing.T) {
			var lists atomic.Int32
			srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
				if c.Kind != mcptest.KindRequest || c.Method != kind+"/list" {
					c.Default()
					return
				}
				lists.Add(1)
				c.Result(map[string]any{kind: []any{}})
				c.After(func() { _ = c.Session.Message(`{"jsonrpc":"2.0","method":"notifications/` + kind + `/list_changed"}`) })
			}})
			l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
			l.initialize()
			l.command(kind + "/list")
			l.waitFor("its " + strings.TrimSuffix(kind, "s") + " list changed again after each of")
			l.waitFor("not listing again on its own")
			m := l.quit()
			if got, want := lists.Load(), int32(1+maxAutoLists); got != want {
				t.Errorf("the server was asked %s/list %d times; want %d (the user's, then %d that list_changed caused)", kind, got, want, maxAutoLists)
			}
			if got := len(pairsOf(m, kind+"/list")); got != 1+maxAutoLists {
				t.Errorf("%d %s/list rows, want %d", got, kind, 1+maxAutoLists)
			}
		})
	}
}
