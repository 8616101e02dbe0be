package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A bridge that starts a fresh upstream for every request (supergateway's
// stateless streamable HTTP) sends notifications/tools/list_changed on the
// response stream of every request, tools/list's own included. The
// list_changed on a tools/list's stream is not followed (its answer is the
// new list), so the TUI lists once after a tools/call and then stops,
// instead of listing again forever.
func TestLiveListChangedOnEveryStreamListsOnce(t *testing.T) {
	var lists atomic.Int32
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, GET: mcptest.GETNone,
		Handle: func(x *mcptest.Exchange) {
			if x.Kind == mcptest.KindRequest && x.Method != "initialize" {
				if x.Method == "tools/list" {
					lists.Add(1)
				}
				_ = x.Notify("notifications/tools/list_changed", nil)
			}
			x.Default()
		}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.listTools()
	l.mark()
	l.call("echo text=hi")
	// Every event of the session so far has been shown once there are 11:
	// initialize's answer, then for l, the call, the listing that the
	// call's list_changed asked for, a ping and the listing that the ping's
	// list_changed asked for, a list_changed and an answer each. A loop
	// would have sent more listings meanwhile.
	l.waitFor("Raw events 7 ")
	l.typeLine(":ping")
	l.waitFor("Raw events 11 ")
	l.waitFor(`"method": "ping"`) // its answer, which opens it in Detail, comes apart from the records
	m := l.quit()
	if got := lists.Load(); got != 3 {
		t.Errorf("the server was asked tools/list %d times; want 3: l's, the call's list_changed's and the ping's (a list_changed on a tools/list's own stream must not be followed)", got)
	}
	if got := len(pairsOf(m, "tools/list")); got != 3 {
		t.Errorf("%d tools/list rows, want 3", got)
	}
	if p := m.detail.pair; p == nil || p.Method != "ping" {
		t.Errorf("the detail pane shows %v, want the ping the user sent (an automatic listing must not take it)", p)
	}
}

// A legacy server that says its list changed after every answer to
// tools/list cannot be told apart by stream (everything comes on the one
// GET stream), so the TUI follows list_changed a bounded number of times
// in a row and then says why it stopped.
func TestLiveListChangedAfterEveryListingStops(t *testing.T) {
	var lists atomic.Int32
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		c.Default()
		if c.Kind == mcptest.KindRequest && c.Method == "tools/list" {
			lists.Add(1)
			c.After(func() { _ = c.Session.Message(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`) })
		}
	}})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.tm.Type("l")
	l.waitFor("not listing again on its own")
	m := l.quit()
	if got, want := lists.Load(), int32(1+maxAutoLists); got != want {
		t.Errorf("the server was asked tools/list %d times; want %d (the user's, then %d that list_changed caused)", got, want, maxAutoLists)
	}
	if got := len(pairsOf(m, "tools/list")); got != 1+maxAutoLists {
		t.Errorf("%d tools/list rows, want %d", got, 1+maxAutoLists)
	}
}

// A server that adds its tools one at a time says list_changed once per
// tool (the reference server does as it starts). Those that arrive while
// the listing the first one caused is on its way make one more listing
// once it is back, not one each, and the tools end up all known.
func TestLiveListChangedBurstListsOnceMore(t *testing.T) {
	listing, release := make(chan []mcptest.Tool, 1), make(chan struct{})
	var lists atomic.Int32
	var srv *mcptest.StreamableServer
	srv = mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "tools/list" && lists.Add(1) == 1 {
			before := srv.Tools()
			listing <- before
			select {
			case <-release:
			case <-x.Context().Done():
				return
			}
			x.Result(map[string]any{"tools": before})
			return
		}
		x.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.waitFor("GET          open")
	srv.AddTool(mcptest.Tool{Name: "first", InputSchema: json.RawMessage(`{"type":"object"}`)})
	select {
	case <-listing:
	case <-time.After(10 * time.Second):
		t.Fatal("the list_changed for the tool first was not followed by a tools/list within 10s")
	}
	// While the listing is on its way, four tools come one by one, each
	// list_changed shown before the next (events: initialize's answer, the
	// GET stream's ": ok", first's list_changed, then these).
	for i := range 4 {
		srv.AddTool(mcptest.Tool{Name: fmt.Sprintf("added%d", i), InputSchema: json.RawMessage(`{"type":"object"}`)})
		l.waitFor(fmt.Sprintf("Raw events %d ", 4+i))
	}
	close(release)
	l.waitFor("Raw events 9 ")
	m := l.quit()
	if got := lists.Load(); got != 2 {
		t.Errorf("the server was asked tools/list %d times; want 2: one for the first list_changed, one for the four during it", got)
	}
	if mcp.FindTool(m.tools, "added3") == nil || mcp.FindTool(m.tools, "first") == nil {
		t.Errorf("the command line knows %d tools, want first and added0..added3 among them", len(m.tools))
	}
	if strings.Contains(m.View(), "not listing again") {
		t.Errorf("a burst of list_changed was taken for a loop:\n%s", m.View())
	}
}
