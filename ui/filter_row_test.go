package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The filter matches what a row shows: typing "liste" found "0 of 3 match"
// though a row read "listen  message", since it looked at the event's
// fields only (an unnamed event has no name; its row says "message").
func TestFilterMatchesTheStreamAndNameTheRowShows(t *testing.T) {
	evs := []mcp.SSEEvent{
		{Conn: 1, Stream: mcp.StreamListen, HasID: true, ID: "7", Data: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`},
		{Conn: 1, Stream: mcp.StreamLegacy, Name: "endpoint", Data: "/rpc?sid=abc"},
		{Conn: 1, Stream: mcp.StreamGet, Comments: []string{"ping"}},
	}
	recs := make([]mcp.Record, len(evs))
	for i := range evs {
		evs[i].Raw = mcp.Raw("data: x\n\n")
		recs[i] = mcp.Record{Seq: int64(i + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &evs[i]}
	}
	for _, c := range []struct {
		query string
		want  int // the event it finds, alone
	}{{"liste", 0}, {"MESSAGE", 0}, {"sse", 1}, {"get", 2}, {"(comment)", 2}} {
		t.Run(c.query, func(t *testing.T) {
			m := newTestModel(t, 160, 45, nil, recs)
			press(m, "/")
			press(m, strings.Split(c.query, "")...)
			settleFilter(t, m)
			if got := m.events.filter.matches; len(got) != 1 || got[0] != c.want {
				t.Fatalf("%q matches events %v, want [%d]:\n%s", c.query, got, c.want, m.View())
			}
			if v := m.View(); !strings.Contains(v, "1 of 3 match") {
				t.Errorf("%q: the pane does not say one of three match:\n%s", c.query, v)
			}
		})
	}
}
