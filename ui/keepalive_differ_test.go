package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A run of keep-alives that differ (`: ping 1` ... `: ping 5`, or retry
// fields) is one row too, which shows its count, its first, its newest
// and when that came: the rows they took before grew without bound. So is
// a run of blocks of an id alone, whose ID is the newest's: the
// Last-Event-ID a reconnect sends.
func TestKeepAlivesThatDifferAreOneRow(t *testing.T) {
	for _, tc := range []struct {
		ev           func(i int) mcp.SSEEvent
		want, hidden string
	}{
		{func(i int) mcp.SSEEvent {
			c := fmt.Sprint("ping ", i+1)
			return mcp.SSEEvent{Conn: 1, Comments: []string{c}, Raw: mcp.Raw(": " + c + "\n\n")}
		}, "×5 : ping 1 … : ping 5 (la", ": ping 3"},
		{func(i int) mcp.SSEEvent {
			n := fmt.Sprint(1000 * (i + 1))
			return mcp.SSEEvent{Conn: 1, Retry: n, Raw: mcp.Raw("retry: " + n + "\n\n")}
		}, "×5 retry: 1000 … retry: 5000 (la", "retry: 3000"},
		{func(i int) mcp.SSEEvent {
			id := fmt.Sprint("ev-", i+1)
			return mcp.SSEEvent{Conn: 1, ID: id, HasID: true, Raw: mcp.Raw("id: " + id + "\n\n")}
		}, "message ev-5 50 B ×5 (no data) from id ev-1 (l", "ev-3"},
		// Pings and ids alone in turn are one run too, whose ID is its
		// newest id, though a ping came after it.
		{func(i int) mcp.SSEEvent {
			if i%2 == 0 {
				return mcp.SSEEvent{Conn: 1, Comments: []string{"ping"}, Raw: ": ping\n\n"}
			}
			id := fmt.Sprint("ev-", i+1)
			return mcp.SSEEvent{Conn: 1, ID: id, HasID: true, Raw: mcp.Raw("id: " + id + "\n\n")}
		}, "(comment) ev-4 44 B ×5 : ping (last +5.000s)", "ev-2"},
	} {
		at := fixedNow.Add(-time.Minute)
		recs := []mcp.Record{{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}}}
		for i := range 5 {
			ev := tc.ev(i)
			recs = append(recs, mcp.Record{Seq: int64(i + 2), Time: at.Add(time.Duration(i+1) * time.Second), Kind: mcp.KindEvent, Event: &ev})
		}
		m := newTestModel(t, 160, 45, nil, recs)
		if v := m.View(); !strings.Contains(v, tc.want) || strings.Contains(v, tc.hidden) {
			t.Errorf("five keep-alives from %q to %q are not one row reading %q:\n%s", tc.ev(0).Raw, tc.ev(4).Raw, tc.want, v)
		}
	}
}
