package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// TestPairsMethodFitsOnEightyColumns: on an 80-column terminal the Pairs
// pane gives up the POST latency column (Detail still shows it) before the
// method column is too narrow for notifications/initialized; wider
// terminals keep every column.
func TestPairsMethodFitsOnEightyColumns(t *testing.T) {
	m := newTestModel(t, 80, 24, nil, fixtureRecords())
	view := m.View()
	header := strings.Split(view, "\n")[2]
	if !strings.Contains(view, "notifications/initialized ") || strings.Contains(header, "POST") {
		t.Errorf("80 columns: want notifications/initialized whole and no POST column:\n%s", view)
	}
	for _, want := range []string{"KIND", "RESP", "SIZE"} {
		if !strings.Contains(view, want) {
			t.Errorf("80 columns: the %s column is gone too:\n%s", want, view)
		}
	}
	if c := columnsFor(120, false); c.post == 0 || c.method < 26 {
		t.Errorf("columnsFor(120, false) = %+v, want every column and a method of at least 26", c)
	}
	if c := columnsFor(58, false); c.kind == 0 || c.method < 16 {
		t.Errorf("columnsFor(58, false) = %+v, want the kind kept and a method of at least 16", c)
	}
}

// A listen row too wide for its METHOD column keeps what it listens to,
// which tells the session's stream from one typed by hand: at 100 columns
// "subscriptions/listen a…" said nothing.
func TestFitMethodKeepsWhatAListenListensTo(t *testing.T) {
	pr := &history.Pair{Kind: history.KindRequest, State: history.StatePending, Method: history.ListenMethod, Subject: "all lists"}
	for _, c := range []struct {
		w    int
		want string
	}{{40, "subscriptions/listen all lists"}, {22, "…/listen all lists"}} {
		if got := fitMethod(pr, c.w); got != c.want {
			t.Errorf("fitMethod(listen, %d) = %q, want %q", c.w, got, c.want)
		}
	}
}
