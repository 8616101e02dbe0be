package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// filteredView types q into the Raw events filter and returns the screen
// once the filter is done, failing unless its title says count.
func filteredView(t *testing.T, m *Model, q, count string) string {
	t.Helper()
	press(m, "/")
	press(m, strings.Split(q, "")...)
	settleFilter(t, m)
	view := ansi.Strip(m.View())
	if !strings.Contains(view, count) {
		t.Fatalf("filtering for %q does not say %q:\n%s", q, count, view)
	}
	return view
}

// A filter's rows show the text they were found by. Filtering 500 log
// messages for "hello42" listed nine rows that each read
// `{…"method":"notif…`, the match far past where the DATA cell was cut,
// so nothing on screen said why they matched or told them apart.
func TestFilterRowsShowTheMatch(t *testing.T) {
	var recs []mcp.Record
	for _, word := range []string{"hello41", "hello42", "hello43"} {
		for _, level := range []string{"debug", "info"} {
			data := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"` + level + `","logger":"demo","data":"` + word + ` (` + level + `)"}}`
			ev := mcp.SSEEvent{Conn: 1, Stream: mcp.StreamGet, Data: mcp.Raw(data), Raw: mcp.Raw("data: " + data + "\n\n")}
			recs = append(recs, mcp.Record{Seq: int64(len(recs) + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &ev})
		}
	}
	m := newTestModel(t, 160, 45, nil, recs)
	view := filteredView(t, m, "HELLO42", "2 of 6 match")
	for _, want := range []string{"hello42 (debug)", "hello42 (info)"} {
		if !strings.Contains(view, want) {
			t.Errorf("no filtered row shows %q, the text it was found by:\n%s", want, view)
		}
	}
	press(m, "esc")
	if view := ansi.Strip(m.View()); strings.Contains(view, "…hello4") || !strings.Contains(view, `{…"method":"notif`) {
		t.Errorf("with the filter cleared the rows do not start with the method again:\n%s", view)
	}
}

// The filter searched an event's first 4 KiB (a megabyte now), its row
// showed the first 512 bytes: a tools/list answer found by a tool named 1 KiB in read
// `{…"id":2,"result":{"tools":[…`, like every other row, where the rows
// whose match came early showed it.
func TestFilterRowsShowAMatchPastTheUsualPreview(t *testing.T) {
	data := `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"first","description":"` + strings.Repeat("padding ", 128) + `"},{"name":"needle_tool"}]}}`
	ev := mcp.SSEEvent{Conn: 1, Stream: mcp.StreamGet, Data: mcp.Raw(data), Raw: mcp.Raw("data: " + data + "\n\n")}
	other := mcp.SSEEvent{Conn: 1, Stream: mcp.StreamGet, Data: mcp.Raw(`{"jsonrpc":"2.0","id":3,"result":{}}`), Raw: mcp.Raw("data: {}\n\n")}
	recs := []mcp.Record{{Seq: 1, Time: fixedNow, Kind: mcp.KindEvent, Event: &ev}, {Seq: 2, Time: fixedNow, Kind: mcp.KindEvent, Event: &other}}
	view := filteredView(t, newTestModel(t, 80, 24, nil, recs), "needle", "1 of 2 match")
	if !strings.Contains(view, "needle_tool") {
		t.Errorf("the filtered row does not show needle_tool, the text it was found by:\n%s", view)
	}
}
