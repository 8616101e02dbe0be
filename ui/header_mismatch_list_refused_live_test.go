package ui

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call refused with -32020 (its Mcp-* headers not matching its
// body) was advised in Detail to list the tools again, for the
// x-mcp-header annotations mirrored into its headers, though the newest
// tools/list had met the same refusal: listing again meets it again. It
// is told what can change every request's headers instead; a call
// refused after a tools/list that was answered is still told to list.
func TestLiveHeaderMismatchAfterListRefusedAdvisesNoListing(t *testing.T) {
	var refuse atomic.Bool
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if refuse.Load() && (x.Method == "tools/list" || x.Method == "tools/call") {
			x.Fail(http.StatusBadRequest, mcp.CodeHeaderMismatch, "Header mismatch", map[string]any{"mismatch": map[string]any{"header": "Mcp-Method", "expected": x.Method, "received": "x"}})
			return
		}
		x.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● discovered")
	l.listTools()
	refuse.Store(true)
	l.mark()
	l.call("echo text=a")
	l.waitRowState("tools/call echo", "✗ rpc error")
	l.mark()
	l.command("tools/list")
	l.waitRowState("tools/list", "✗ rpc error")
	l.mark()
	l.call("echo text=b")
	l.waitRowState("tools/call echo", "✗ rpc error")
	m := l.quit()
	var hints []string
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Method == "tools/call" {
			m.detail.showPair(p)
			hints = append(hints, strings.Join(strings.Fields(ansi.Strip(strings.Join(m.detail.lines(), " "))), " "))
		}
	}
	if len(hints) != 2 {
		t.Fatalf("%d tools/call rows, want 2", len(hints))
	}
	if !strings.Contains(hints[0], "list the tools again (tools/list)") {
		t.Errorf("the call refused after tools/list was answered: Detail reads\n%s\nwant it to advise listing the tools again", hints[0])
	}
	if want := "listing the tools again meets the same refusal"; !strings.Contains(hints[1], want) || strings.Contains(hints[1], "list the tools again (tools/list)") ||
		!strings.Contains(hints[1], "no proxy in between rewrites or drops them") {
		t.Errorf("the call refused after tools/list was refused too: Detail reads\n%s\nwant it to say %q and what changes every request's headers, not to list again", hints[1], want)
	}
}
