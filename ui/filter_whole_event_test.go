package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// dataEvents are records of events with the data given, one each.
func dataEvents(data ...string) []mcp.Record {
	recs := make([]mcp.Record, len(data))
	for i, d := range data {
		ev := mcp.SSEEvent{Conn: 1, Stream: mcp.StreamGet, Data: mcp.Raw(d), Raw: mcp.Raw("data: " + d + "\n\n")}
		recs[i] = mcp.Record{Seq: int64(i + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &ev}
	}
	return recs
}

// The filter searched an event's first 4 KiB: on the demo's /sse,
// /forecast found only initialize's instructions, the tool being named at
// byte 4264 of the 12.6 KiB tools/list answer. It searches a megabyte of
// each event now, and the row shows the match, also on a line of its own
// far into the data.
func TestFilterFindsAToolNamedDeepInToolsList(t *testing.T) {
	pad := func(n int) string {
		return `{"name":"filler","description":"` + strings.Repeat("a tool that pads the list ", n/26) + `"},`
	}
	list := `{"jsonrpc":"2.0","id":2,"result":{"tools":[` + pad(4200) + `{"name":"forecast","description":"weather"},` + pad(8400) + `{"name":"last"}]}}`
	deep := `{"jsonrpc":"2.0","id":3,"result":{"text":"` + strings.Repeat("x", 900<<10) + `"}}` + "\n" + `{"jsonrpc":"2.0","id":4,"result":{"tools":[{"name":"deep_tool"}]}}`
	other := `{"jsonrpc":"2.0","id":5,"result":{}}`
	if i := strings.Index(list, "forecast"); i < 4<<10 || len(list) < 12<<10 {
		t.Fatalf("the tools/list names forecast at byte %d of %d, want past 4 KiB of 12 KiB", i, len(list))
	}
	for _, c := range []struct{ q, shown string }{{"forecast", `"name":"forecast"`}, {"deep_tool", `"name":"deep_tool`}} {
		m := newTestModel(t, 80, 24, nil, dataEvents(list, deep, other))
		view := filteredView(t, m, c.q, "1 of 3 match")
		if !strings.Contains(view, c.shown) {
			t.Errorf("the row found by %q does not show it:\n%s", c.q, view)
		}
	}
}

// A step of a scan reads about filterChunkBytes however large the events:
// 16k events of a megabyte were one step of seconds, run on for a query
// typed over long ago.
func TestFilterStepIsBoundedInBytes(t *testing.T) {
	mb := strings.Repeat("y", filterScan)
	data := make([]string, 3*filterChunkBytes/filterScan)
	for i := range data {
		data[i] = mb
	}
	m := newTestModel(t, 160, 45, nil, dataEvents(data...))
	f := &m.events.filter
	m.events.setQuery("zz")
	job := filterJob{gen: f.gen, query: f.query, view: f.log.EventView()}
	msg := job.scan()
	if most := filterChunkBytes/filterScan + 1; msg.next == 0 || msg.next > most {
		t.Errorf("a step tested %d events of 1 MiB, want 1 to %d", msg.next, most)
	}
	settleFilter(t, m)
	if got := m.events.count(); got != 0 {
		t.Errorf("zz matches %d events of y", got)
	}
}
