package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A narrow pane cuts a run of keep-alives that differ where it must, and
// a cut falling just after the run's own "…" (first … newest) leaves that
// one: the row read "×38 : ping 151 ……".
func TestKeepAliveRunCutHasOneEllipsis(t *testing.T) {
	// Two runs: the selected row and the others are cut alike.
	recs := twoPingRuns()
	for w := 60; w <= 110; w++ {
		m := newTestModel(t, w, 24, nil, recs)
		press(m, "tab", "tab", "tab") // the tabs bring Raw events forward
		v := m.View()
		if strings.Count(v, "×38 : ping 151") != 2 {
			t.Fatalf("at %d columns the runs' rows do not start ×38 : ping 151:\n%s", w, v)
		}
		if strings.Contains(v, "……") || strings.Contains(v, "… …") {
			t.Errorf("at %d columns the run's row doubles its ellipsis:\n%s", w, v)
		}
	}
}

// twoPingRuns is the records of two runs of 38 keep-alives (": ping 151"
// to ": ping 188") with a message between: 77 events in three rows.
func twoPingRuns() []mcp.Record {
	at := fixedNow.Add(-time.Minute)
	recs := []mcp.Record{{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}}}
	for i := range 77 {
		c := fmt.Sprint("ping ", 151+i%39)
		ev := mcp.SSEEvent{Conn: 1, Comments: []string{c}, Raw: mcp.Raw(": " + c + "\n\n")}
		if i == 38 {
			ev = mcp.SSEEvent{Conn: 1, Data: "{}", Raw: "data: {}\n\n"}
		}
		recs = append(recs, mcp.Record{Seq: int64(i + 2), Time: at.Add(time.Duration(i+1) * time.Second), Kind: mcp.KindEvent, Event: &ev})
	}
	return recs
}
