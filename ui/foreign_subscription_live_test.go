package ui

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/list_changed on the listen stream naming a subscription id that
// is none of ours reads in Pairs as not ours (its method whole beside), and
// the tools are not listed again for it; the one naming our listen request
// is followed. Before, the stranger's was followed as ours.
func TestLiveListChangedForASubscriptionWeDoNotHave(t *testing.T) {
	var lists atomic.Int32
	listed := make(chan struct{}, 8)
	stranger, ours := make(chan struct{}), make(chan struct{})
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "tools/list":
			lists.Add(1)
			listed <- struct{}{}
		case "subscriptions/listen":
			tag := func(id any) map[string]any {
				return map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/subscriptionId": id}}
			}
			_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"_meta": tag(x.ID)["_meta"], "notifications": map[string]any{"toolsListChanged": true}})
			for _, step := range []struct {
				go_ chan struct{}
				id  any
			}{{stranger, "someone-else"}, {ours, x.ID}} {
				select {
				case <-step.go_:
					_ = x.Notify("notifications/tools/list_changed", tag(step.id))
				case <-x.Context().Done():
					return
				}
			}
			<-x.Context().Done()
			return
		}
		x.Default()
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● discovered") // the bar's state: the word alone can be drawn while the transport is still being found
	close(stranger)
	l.waitRowState("notifications/tools/list_changed", "⚠ not ours")
	// The frame that shows the row shows what Update did with it: a
	// listing would have said so in the status line.
	if strings.Contains(l.seen.String(), "tool list changed: list") {
		t.Fatal("the tools were listed again for a list_changed of a subscription we do not have")
	}
	close(ours)
	// "listing the tools again", or once answered "listed": a quick
	// answer can come before the frame that would show the first.
	l.waitFor("the server's tool list changed: list")
	select {
	case <-listed:
	case <-t.Context().Done():
	}
	l.waitFor("3 req ·") // server/discover, the listen, the listing
	m := l.quit()
	if got := lists.Load(); got != 1 {
		t.Errorf("the server was asked tools/list %d times; want 1, for our own list_changed only", got)
	}
	if got := len(pairsOf(m, "tools/list")); got != 1 {
		t.Errorf("%d tools/list rows, want 1", got)
	}
	var changed []*history.Pair
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Method == "notifications/tools/list_changed" {
			changed = append(changed, p)
		}
	}
	if len(changed) != 2 {
		t.Fatalf("%d list_changed rows, want the stranger's and ours", len(changed))
	}
	const said = "⚠ sent for a subscription we do not have (subscriptionId \"someone-else\"): mcpscope did not act on it"
	if got := strings.Join(strings.Fields(ansi.Strip(pairDetail(m, changed[0]))), " "); !strings.Contains(got, said) {
		t.Errorf("Detail of the stranger's list_changed does not say %q:\n%s", said, got)
	}
	if got := pairDetail(m, changed[1]); strings.Contains(got, "do not have") {
		t.Errorf("Detail of our own list_changed says it is not ours:\n%s", got)
	}
}
