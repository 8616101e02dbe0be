package ui

import (
	"encoding/json"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A page the user asks for by cursor (tools/list cursor=X) while the listing c sent for
// completion is on its way is the user's answer, not completion's: c
// pressed again after the page sends no second tools/list (it waits for
// the one on its way), and completion's own answer ends the wait. The
// listings were told apart by method, and the page ended completion's
// wait: c listed the tools again.
func TestLiveCursorPageLeavesCompletionListingWaiting(t *testing.T) {
	release := make(chan struct{})
	hold := holdUntil(release)
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		var p struct {
			Cursor *string `json:"cursor"`
		}
		if json.Unmarshal(x.Params, &p) == nil && p.Cursor != nil {
			x.Result(map[string]any{"tools": []any{}})
			return
		}
		hold(x)
	})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type("c")
	l.waitRowPending("tools/list")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.command("tools/list cursor=p2")
	l.waitOK("tools/list")
	l.tm.Type("c")
	l.waitFor("listing the tools…")
	close(release)
	l.mark()
	l.waitOK("tools/list")
	m := l.quit()
	if got := pairsOf(m, "tools/list"); len(got) != 2 {
		t.Errorf("tools/list rows %v, want 2: completion's and the user's page", got)
	}
}
