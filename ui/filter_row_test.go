package ui

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

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
		t.Run(c.query, func(t *testing.T) { findsOneOfThree(t, recs, c.query, c.want) })
	}
}

// findsOneOfThree types query in the filter of a screen of recs, three
// rows, and checks it finds row want alone and says so.
func findsOneOfThree(t *testing.T, recs []mcp.Record, query string, want int) {
	t.Helper()
	m := newTestModel(t, 160, 45, nil, recs)
	if n := m.com.log.EventCount(); n != 3 {
		t.Fatalf("%d event rows, want 3", n)
	}
	press(m, "/")
	press(m, strings.Split(query, "")...)
	settleFilter(t, m)
	if got := m.events.filter.matches; len(got) != 1 || got[0] != want {
		t.Fatalf("%q matches rows %v, want [%d]:\n%s", query, got, want, m.View())
	}
	title := "1 of 3 match"
	if m.com.log.Stats().Events != 3 {
		title = "1 of 3 rows match" // runs fold the events into three rows
	}
	if v := m.View(); !strings.Contains(v, title) {
		t.Errorf("%q: the pane does not say %q:\n%s", query, title, v)
	}
}

// A folded run's row shows its newest text and its newest id, which its
// first block does not hold: the filter finds the row by them, as by its
// first's, where it found nothing ("0 of 3 match") though the row read
// "×9 : ping 1 … : ping 9".
func TestFilterMatchesARunsNewestTextAndID(t *testing.T) {
	var recs []mcp.Record
	add := func(ev mcp.SSEEvent) {
		ev.Conn, ev.Raw = 1, mcp.Raw(": x\n\n")
		recs = append(recs, mcp.Record{Seq: int64(len(recs) + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &ev})
	}
	for i := 1; i <= 9; i++ {
		add(mcp.SSEEvent{Stream: mcp.StreamGet, Comments: []string{"ping " + strconv.Itoa(i)}})
	}
	add(mcp.SSEEvent{Stream: mcp.StreamGet, Data: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`})
	for i := 1; i <= 7; i++ {
		add(mcp.SSEEvent{Stream: mcp.StreamListen, HasID: true, ID: "ev-" + strconv.Itoa(i)})
		add(mcp.SSEEvent{Stream: mcp.StreamListen, Comments: []string{"beat"}})
	}
	for _, c := range []struct {
		query string
		want  int // the row it finds, alone
	}{{"ping 1", 0}, {"PING 9", 0}, {"ev-1", 2}, {"ev-7", 2}} {
		t.Run(c.query, func(t *testing.T) { findsOneOfThree(t, recs, c.query, c.want) })
	}
}

// A scan reads a run's newest blocks on its own goroutine while Update
// folds more keep-alives into it; under -race this checks it reads them
// under the Log's lock. No block says "quiet", so no row matches.
func TestFilterScanWhileARunGrows(t *testing.T) {
	beats := make([]mcp.Record, 201)
	for i := range beats {
		ev := mcp.SSEEvent{Conn: 1, Stream: mcp.StreamGet, Comments: []string{"beat " + strconv.Itoa(i)}, Raw: mcp.Raw(": x\n\n")}
		beats[i] = mcp.Record{Seq: int64(i + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &ev}
	}
	m := newTestModel(t, 160, 45, nil, beats[:1])
	step := m.events.setQuery("quiet")
	chunk := make(chan tea.Msg, 1)
	go func() { chunk <- step() }()
	for i := 1; i < len(beats); i += 10 {
		m.Update(recordsMsg(beats[i : i+10]))
	}
	m.Update(<-chunk)
	settleFilter(t, m)
	if got := m.events.filter.matches; len(got) != 0 {
		t.Fatalf("the filter matches rows %v, want none:\n%s", got, m.View())
	}
}
