package ui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A filter follows a run of keep-alives that grows while it is set: the
// row shows its newest block, and the filter finds it once that block
// matches and lets it go once a newer one does not, testing that row alone
// again, not the log. It matched the run as it stood when scanned until
// the query was typed again.
func TestFilterFollowsARunThatGrows(t *testing.T) {
	pings := make([]mcp.Record, 9)
	for i := range pings {
		ev := mcp.SSEEvent{Conn: 1, Stream: mcp.StreamGet, Comments: []string{"ping " + strconv.Itoa(i+1)}, Raw: mcp.Raw(": x\n\n")}
		pings[i] = mcp.Record{Seq: int64(i + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &ev}
	}
	m := newTestModel(t, 160, 45, nil, append(eventFlood(3), pings[:3]...))
	for i := range pings {
		pings[i].Seq += 3
	}
	press(m, "/")
	press(m, strings.Split("ping 7", "")...)
	press(m, "enter")
	settleFilter(t, m)
	if got := m.events.filter.matches; len(got) != 0 {
		t.Fatalf("before ping 7 came the filter matches rows %v, want none", got)
	}
	for _, c := range []struct {
		from, upTo int
		want       []int
		says       string
	}{{3, 7, []int{3}, "1 of 4 rows match"}, {7, 9, nil, "0 of 4 rows match"}} {
		_, cmd := m.Update(recordsMsg(pings[c.from:c.upTo]))
		if cmd == nil {
			t.Fatalf("the run grew to ping %d under a filter and started no scan", c.upTo)
		}
		if next := m.events.filter.next; next != 3 {
			t.Fatalf("the scan of the grown run starts at row %d, want its own row 3 alone", next)
		}
		settleFilter(t, m)
		if got := m.events.filter.matches; !slices.Equal(got, c.want) {
			t.Errorf("once the run reached ping %d the filter matches rows %v, want %v:\n%s", c.upTo, got, c.want, m.View())
		}
		if v := m.View(); !strings.Contains(v, c.says) {
			t.Errorf("once the run reached ping %d the pane does not say %q:\n%s", c.upTo, c.says, v)
		}
	}
}
