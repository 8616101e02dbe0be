package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// settleFilter runs the events filter's scan to its end as the program
// would: each step's command runs and its message goes back through
// Update, which answers with the next step. The step started by the last
// key is scanned again here, since press drops the commands it gets.
func settleFilter(t testing.TB, m *Model) {
	t.Helper()
	m.events.filter.running = false
	cmd := m.events.filter.step()
	for i := 0; cmd != nil; i++ {
		if i > 10_000 {
			t.Fatal("the filter scan does not end")
		}
		_, cmd = m.Update(cmd())
	}
}

// eventFlood is n progress notifications as SSE events, about 150 bytes
// each, the shape of a long session's stream. Event i carries the token
// "tok-<i mod 97>".
func eventFlood(n int) []mcp.Record {
	recs := make([]mcp.Record, n)
	evs := make([]mcp.SSEEvent, n)
	const head = "event: message\ndata: "
	for i := range recs {
		raw := fmt.Sprintf(head+`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok-%d","progress":%d,"total":1000000}}`+"\n\n", i%97, i)
		evs[i] = mcp.SSEEvent{Conn: 1, Name: "message", Data: mcp.Raw(raw[len(head) : len(raw)-2]), Raw: mcp.Raw(raw)}
		recs[i] = mcp.Record{Seq: int64(i + 1), Time: fixedNow, Kind: mcp.KindEvent, Event: &evs[i]}
	}
	return recs
}

// tokenEvents are the indexes of eventFlood's events below n with token k.
func tokenEvents(n, k int) []int {
	var out []int
	for i := k; i < n; i += 97 {
		out = append(out, i)
	}
	return out
}

// Typing a query on narrows the matches so far; the result must be what a
// fresh scan finds, including for queries where narrowing does not apply.
func TestFilterTypingMatchesAFreshScan(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	for _, q := range []string{"m", "me", "mes", "message", "messageX", "e", "ev", "évé", "k"} {
		m.events.setQuery(q)
		settleFilter(t, m)
		got := slices.Clone(m.events.filter.matches)
		m.events.setQuery("")
		m.events.setQuery(q)
		settleFilter(t, m)
		if !slices.Equal(got, m.events.filter.matches) {
			t.Errorf("query %q: typed on gives %v, a fresh scan %v", q, got, m.events.filter.matches)
		}
	}
	m.events.setQuery("mess")
	if settleFilter(t, m); len(m.events.filter.matches) == 0 {
		t.Fatal("the fixture has no event the test can narrow")
	}
}

// A keystroke only starts the scan; the pane says how far it got and shows
// matches as chunks come back, and ends with every match.
func TestFilterScansInChunksOffTheUpdateLoop(t *testing.T) {
	const n = 3*filterChunk + 5
	m := newTestModel(t, 160, 45, nil, eventFlood(n))
	press(m, "/")
	for _, k := range `tok-42"` {
		press(m, string(k))
	}
	if got := m.events.count(); got != 0 {
		t.Fatalf("the keystroke tested events on the update loop: %d matches before any chunk ran", got)
	}
	if want := fmt.Sprintf("filtering… 0 of %d scanned", n); !strings.Contains(m.View(), want) {
		t.Fatalf("the pane does not say the filter is scanning (%q):\n%s", want, m.View())
	}
	f := &m.events.filter
	f.running = false
	m.Update(f.step()())
	if want := fmt.Sprintf("filtering… %d of %d scanned", filterChunk, n); !strings.Contains(m.View(), want) {
		t.Fatalf("after one chunk the pane does not say %q:\n%s", want, m.View())
	}
	if got, want := m.events.count(), len(tokenEvents(filterChunk, 42)); got != want {
		t.Fatalf("after one chunk %d matches show, want the %d in it", got, want)
	}
	settleFilter(t, m)
	want := tokenEvents(n, 42)
	if !slices.Equal(f.matches, want) {
		t.Fatalf("the scan found %d matches, want %d", len(f.matches), len(want))
	}
	if title := fmt.Sprintf("Raw events %d of %d match", len(want), n); !strings.Contains(m.View(), title) {
		t.Fatalf("the finished filter does not say %q:\n%s", title, m.View())
	}
	if r := m.events.selected(); r == nil || !strings.Contains(string(r.Event.Data), `"tok-42"`) {
		t.Fatalf("the cursor is not on a match: %v", r)
	}
}

// Chunks of a scan that a later keystroke replaced are dropped when they
// arrive, however late.
func TestFilterDropsChunksOfAnOlderQuery(t *testing.T) {
	const n = 2*filterChunk + 1
	m := newTestModel(t, 160, 45, nil, eventFlood(n))
	old := m.events.setQuery(`tok-41"`)
	oldChunk := old()
	press(m, "/", "t", "o", "k", "-", "5")
	m.Update(oldChunk)
	if got := m.events.count(); got != 0 {
		t.Fatalf("a chunk of the replaced query added %d matches", got)
	}
	settleFilter(t, m)
	var want []int
	for k := 5; k < 97; k++ {
		if strings.HasPrefix(fmt.Sprint(k), "5") {
			want = append(want, tokenEvents(n, k)...)
		}
	}
	slices.Sort(want)
	if !slices.Equal(m.events.filter.matches, want) {
		t.Fatalf("after a stale chunk the filter holds %d matches, want %d", m.events.count(), len(want))
	}
}

// Events that arrive while a filter is in effect are tested as they come,
// without testing the earlier ones again.
func TestFilterTestsArrivingEvents(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, eventFlood(1000))
	press(m, "/")
	for _, k := range `tok-7"` {
		press(m, string(k))
	}
	press(m, "enter")
	settleFilter(t, m)
	before := m.events.count()
	more := eventFlood(1200)[1000:]
	for i := range more {
		more[i].Seq += 1000
	}
	_, cmd := m.Update(recordsMsg(more))
	if cmd == nil {
		t.Fatal("new events under a filter started no scan")
	}
	if m.events.filter.next != 1000 {
		t.Fatalf("the scan of new events starts at event %d, want 1000", m.events.filter.next)
	}
	settleFilter(t, m)
	if want := tokenEvents(1200, 7); !slices.Equal(m.events.filter.matches, want) {
		t.Fatalf("after new events the filter holds %d matches (had %d), want %d", m.events.count(), before, len(want))
	}
	if strings.Contains(m.View(), "filtering…") {
		t.Fatalf("the pane still says it is filtering:\n%s", m.View())
	}
}

// A block of a million comment lines costs the filter what one line does.
func TestFilterLooksAtABoundedPartOfEachEvent(t *testing.T) {
	comments := make([]string, 1_000_000)
	for i := range comments {
		comments[i] = "keep-alive"
	}
	comments[len(comments)-1] = "needle"
	ev := &mcp.SSEEvent{Comments: comments, Data: mcp.Raw(strings.Repeat("x", 1<<20) + "needle")}
	if eventMatches(ev, "needle") {
		t.Fatal("the filter looked past its bound into a huge event")
	}
	if !eventMatches(ev, "KEEP-alive") {
		t.Fatal("the filter did not find text at the start of the comments")
	}
}

// BenchmarkFilterKeystroke1M is a keystroke in the filter over 1,000,000
// events, typing on ("tok-4" to "tok-42") and taking it back (a rescan).
// keystroke is the time until Update returns; result is until the scan
// ends, run as the program runs it: each chunk on a goroutine of its own
// while the frame after the previous chunk is drawn, its message going
// back through Update.
func BenchmarkFilterKeystroke1M(b *testing.B) {
	m := newTestModel(b, 160, 45, nil, eventFlood(1_000_000))
	press(m, "/", "t", "o", "k", "-", "4")
	settleFilter(b, m)
	for _, k := range []struct{ name, key, undo string }{{"narrow", "2", "backspace"}, {"rescan", "backspace", "2"}} {
		for _, full := range []bool{false, true} {
			name := k.name + "/keystroke"
			if full {
				name = k.name + "/result"
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					press(m, k.key)
					if full {
						f := &m.events.filter
						f.running = false
						for cmd := f.step(); cmd != nil; {
							chunk := make(chan tea.Msg, 1)
							go func() { chunk <- cmd() }()
							_ = m.View()
							_, cmd = m.Update(<-chunk)
						}
						_ = m.View()
					}
					b.StopTimer()
					settleFilter(b, m)
					press(m, k.undo)
					settleFilter(b, m)
					b.StartTimer()
				}
			})
		}
	}
}

// A scan reads the log on its own goroutine while Update appends to it;
// under -race this checks the view it reads is never written.
func TestFilterScanWhileEventsArrive(t *testing.T) {
	const n = 2 * filterChunk
	all := eventFlood(n + 5000)
	m := newTestModel(t, 160, 45, nil, all[:n])
	step := m.events.setQuery(`tok-3"`)
	chunk := make(chan tea.Msg, 1)
	go func() { chunk <- step() }()
	for i := n; i < len(all); i += 500 {
		m.Update(recordsMsg(all[i : i+500]))
	}
	m.Update(<-chunk)
	settleFilter(t, m)
	if want := tokenEvents(len(all), 3); !slices.Equal(m.events.filter.matches, want) {
		t.Fatalf("the filter holds %d matches, want %d", m.events.count(), len(want))
	}
}

// Restarting a replay under a filter starts the scan over on the new log;
// until records arrive the pane lists nothing of the old one.
func TestFilterFollowsAReplayRestart(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	jumpToEnd(t, m)
	press(m, "/", "p", "i", "n", "g", "enter")
	settleFilter(t, m)
	if got := m.events.count(); got != 2 {
		t.Fatalf("filter ping over the whole recording: %d matches, want 2", got)
	}
	press(m, "g")
	if got := m.events.count(); got != 0 {
		t.Fatalf("after the restart the pane lists %d events of the old log", got)
	}
	_ = m.View()
	jumpToEnd(t, m)
	settleFilter(t, m)
	if got := m.events.count(); got != 2 || !m.events.filter.current(m.com.log) {
		t.Fatalf("after replaying again the filter holds %d matches of the current log, want 2", got)
	}
}

// While the filter has the keyboard, the command line's rows say how to
// keep or clear it, not ": command line · c call a tool" (those keys are
// letters of the query now); once kept, the command line's hint is back.
func TestFilterSaysItsKeysWhileTyping(t *testing.T) {
	for _, size := range [][2]int{{160, 45}, {60, 15}} {
		m := newTestModel(t, size[0], size[1], newFakeBackend(), fixtureRecords())
		press(m, "/", "c")
		view := m.View()
		checkFrame(t, view, size[0], size[1])
		if row(view, "enter keep filter", "esc clear filter") == "" || strings.Contains(view, "call a tool") {
			t.Errorf("at %dx%d typing a filter, the screen does not say how to keep or clear it:\n%s", size[0], size[1], view)
		}
		press(m, "enter")
		if view := m.View(); strings.Contains(view, "keep filter") || !strings.Contains(view, "call a tool") {
			t.Errorf("at %dx%d after enter the filter's keys are still shown:\n%s", size[0], size[1], view)
		}
	}
}
