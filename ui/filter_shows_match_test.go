package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

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
	press(m, "/")
	press(m, strings.Split("HELLO42", "")...)
	settleFilter(t, m)
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "2 of 6 match") {
		t.Fatalf("the filter does not find the two rows:\n%s", view)
	}
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
