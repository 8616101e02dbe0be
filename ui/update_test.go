package ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

func TestTabCyclesFocus(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	if m.focus != panePairs {
		t.Fatalf("initial focus = %v, want %v", m.focus, panePairs)
	}
	steps := []struct {
		key  string
		want pane
	}{
		{"tab", paneDetail}, {"tab", paneNegotiation}, {"tab", paneEvents}, {"tab", panePairs},
		{"shift+tab", paneEvents}, {"shift+tab", paneNegotiation}, {"shift+tab", paneDetail},
	}
	for i, s := range steps {
		press(m, s.key)
		if m.focus != s.want {
			t.Fatalf("step %d (%s): focus = %v, want %v", i, s.key, m.focus, s.want)
		}
	}
}

func TestTabSwitchesVisibleTabWhenNarrow(t *testing.T) {
	m := newTestModel(t, 80, 24, nil, fixtureRecords())
	for _, want := range []string{"Detail", "Negotiation", "Raw events", "Pairs"} {
		press(m, "tab")
		view := m.View()
		if !strings.Contains(view, "╭─ "+want) {
			t.Fatalf("after tab the visible pane is not %q:\n%s", want, view)
		}
		if m.slot != m.focus {
			t.Fatalf("slot %v != focus %v in tab mode", m.slot, m.focus)
		}
	}
}

func TestTwoColumnsKeepDetailVisible(t *testing.T) {
	m := newTestModel(t, 110, 30, nil, fixtureRecords())
	press(m, "up", "up", "up", "up", "up", "enter")
	if m.focus != paneDetail || m.slot != panePairs {
		t.Fatalf("enter: focus %v slot %v, want detail focused with the pairs still beside it", m.focus, m.slot)
	}
	view := m.View()
	if !strings.Contains(view, "Pairs 9") || !strings.Contains(view, "tools/call greet · id 3") {
		t.Fatalf("two columns should show the pairs and the opened pair side by side:\n%s", view)
	}
	press(m, "esc")
	if m.focus != panePairs || m.slot != panePairs {
		t.Fatalf("esc from detail: focus %v slot %v, want the pairs", m.focus, m.slot)
	}
	press(m, "tab")
	if m.focus != paneDetail || m.slot != panePairs {
		t.Fatalf("tab to detail: focus %v slot %v, want detail with pairs still in the slot", m.focus, m.slot)
	}
	press(m, "tab")
	if m.focus != paneNegotiation || m.slot != paneNegotiation {
		t.Fatalf("tab past detail: focus %v slot %v, want negotiation in the slot", m.focus, m.slot)
	}
}

func TestClickFocusesAndSelects(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	neg := m.lay.Panes[paneNegotiation]
	m.Update(tea.MouseMsg{X: neg.X + 3, Y: neg.Y + 3, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.focus != paneNegotiation {
		t.Fatalf("click on the negotiation pane: focus = %v", m.focus)
	}
	pairs := m.lay.Panes[panePairs]
	// Row 0 is the border, row 1 the header, row 2 the first pair.
	m.Update(tea.MouseMsg{X: pairs.X + 5, Y: pairs.Y + 4, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.focus != panePairs {
		t.Fatalf("click on the pairs pane: focus = %v", m.focus)
	}
	if got := m.pairs.selected(); got == nil || got.Method != "tools/list" {
		t.Fatalf("click on the third row selected %+v, want the tools/list pair", got)
	}
	press(m, "enter")
	if !strings.Contains(m.View(), "tools/list · id 2") {
		t.Fatalf("enter after the click did not open tools/list in detail:\n%s", m.View())
	}
}

func TestClickTabBar(t *testing.T) {
	m := newTestModel(t, 80, 24, nil, fixtureRecords())
	_, spans := m.tabLabels()
	for _, s := range spans {
		m.Update(tea.MouseMsg{X: s.x0 + 1, Y: m.lay.TabBar.Y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		if m.slot != s.p || m.focus != s.p {
			t.Fatalf("click on tab %v: slot %v focus %v", s.p, m.slot, m.focus)
		}
	}
}

func TestWheelScrollsPaneUnderPointer(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	press(m, "up", "up", "up", "up", "up", "enter")
	d := m.lay.Panes[paneDetail]
	wheel := tea.MouseMsg{X: d.X + 10, Y: d.Y + 5, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown}
	m.Update(wheel)
	if m.detail.scroll.offset != wheelStep {
		t.Fatalf("wheel over detail: offset = %d, want %d", m.detail.scroll.offset, wheelStep)
	}
	if m.focus != paneDetail {
		t.Fatalf("the wheel moved focus to %v; it should only scroll", m.focus)
	}
	p := m.lay.Panes[panePairs]
	before := m.pairs.list.cursor
	m.Update(tea.MouseMsg{X: p.X + 10, Y: p.Y + 5, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelUp})
	if got, want := m.pairs.list.cursor, max(before-wheelStep, 0); got != want {
		t.Fatalf("wheel up over pairs: cursor = %d, want %d", got, want)
	}
}

func TestScrollKeysFollowAndStop(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	n := m.com.log.PairCount()
	if m.pairs.list.cursor != n-1 || !m.pairs.list.follow {
		t.Fatalf("pairs should follow the newest row: cursor %d of %d, follow %v", m.pairs.list.cursor, n, m.pairs.list.follow)
	}
	press(m, "home")
	if m.pairs.list.cursor != 0 || m.pairs.list.follow {
		t.Fatalf("home: cursor %d follow %v, want 0 false", m.pairs.list.cursor, m.pairs.list.follow)
	}
	// New rows do not move a cursor the user placed.
	s := newScript()
	s.seq = 1000
	s.request("77", "ping", "", "{}")
	m.Update(recordsMsg(s.recs))
	if m.pairs.list.cursor != 0 {
		t.Fatalf("a new row moved the cursor to %d", m.pairs.list.cursor)
	}
	press(m, "end")
	if m.pairs.list.cursor != n || !m.pairs.list.follow {
		t.Fatalf("end: cursor %d follow %v, want %d true", m.pairs.list.cursor, m.pairs.list.follow, n)
	}
}

func TestEnterOpensDetailInTabMode(t *testing.T) {
	m := newTestModel(t, 80, 24, nil, fixtureRecords())
	press(m, "up", "up", "up", "up", "up", "enter")
	if m.focus != paneDetail {
		t.Fatalf("enter in tab mode: focus = %v, want detail", m.focus)
	}
	view := m.View()
	for _, want := range []string{"tools/call greet · id 3", `"name": "Ada"`} {
		if !strings.Contains(view, want) {
			t.Errorf("detail view lacks %q:\n%s", want, view)
		}
	}
}

func TestEnterOnEventOpensIt(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	press(m, "shift+tab", "home", "enter")
	view := m.View()
	if !strings.Contains(view, "event endpoint") || !strings.Contains(view, "/sse?sessionid=ABC123") {
		t.Fatalf("enter on the first event did not show it:\n%s", view)
	}
	press(m, "v")
	if !strings.Contains(m.View(), "Raw bytes") || !strings.Contains(m.View(), "event: endpoint") {
		t.Fatalf("v did not switch to the raw bytes:\n%s", m.View())
	}
}

func TestQuit(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		m := newTestModel(t, 80, 24, nil, nil)
		cmd := press(m, k)
		if cmd == nil {
			t.Fatalf("%s returned no command", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Fatalf("%s did not quit", k)
		}
		if m.ctx.Err() == nil {
			t.Fatalf("%s left backend calls running", k)
		}
	}
}

func TestQIsALetterInTheFilter(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	press(m, "/")
	if !m.events.typing() || m.focus != paneEvents {
		t.Fatalf("/ did not open the events filter (focus %v)", m.focus)
	}
	press(m, "p", "i", "n", "g", "q")
	if m.ctx.Err() != nil {
		t.Fatal("typing q in the filter quit")
	}
	press(m, "backspace")
	settleFilter(t, m)
	if got := m.events.filter.query; got != "ping" {
		t.Fatalf("filter = %q, want ping", got)
	}
	// The keep-alive comment and the server's ping request match.
	if got := m.events.count(); got != 2 {
		t.Fatalf("filter ping matches %d events, want 2", got)
	}
	if !strings.Contains(m.View(), "Raw events 2 of 8 match") {
		t.Fatalf("the events title does not show the filter:\n%s", m.View())
	}
	press(m, "enter")
	if m.events.typing() || m.events.filter.query != "ping" {
		t.Fatalf("enter should keep the filter and leave the input")
	}
	press(m, "esc")
	if m.events.filter.query != "" || m.events.count() != 8 {
		t.Fatalf("esc should clear the filter: query %q, %d rows", m.events.filter.query, m.events.count())
	}
}

func TestCopy(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	m.setFocus(paneDetail) // y in Pairs copies the selected row
	press(m, "y")
	if !strings.Contains(m.View(), "nothing to copy") {
		t.Fatalf("y with nothing open did not say so:\n%s", m.View())
	}
	m.setFocus(panePairs)
	press(m, "up", "up", "up", "up", "up", "enter")
	msg := runCmd(t, press(m, "y"), func(msg tea.Msg) bool { _, ok := msg.(copiedMsg); return ok })
	out := m.clipboard.(*strings.Builder).String()
	if !strings.HasPrefix(out, "\x1b]52;c;") {
		t.Fatalf("clipboard got %q, want an OSC 52 sequence", out)
	}
	m.Update(msg)
	if !strings.Contains(m.View(), "copied response JSON of tools/call greet, id 3 (84 B)") {
		t.Fatalf("copy did not report:\n%s", m.View())
	}
}

func TestResizeAnyTime(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	sizes := []struct{ w, h int }{{50, 20}, {80, 24}, {110, 30}, {60, 14}, {160, 45}, {200, 60}}
	for _, s := range sizes {
		m.Update(tea.WindowSizeMsg{Width: s.w, Height: s.h})
		view := m.View()
		if s.w < minWidth || s.h < minHeight {
			want := "terminal too small (need 60x15, have "
			if !strings.HasPrefix(view, want) {
				t.Errorf("%dx%d: view = %q, want the too-small message", s.w, s.h, view)
			}
			continue
		}
		checkFrame(t, view, s.w, s.h)
	}
}

// On a terminal narrower than the message, the too-small screen wraps
// between words: the size it has and the size it needs are read whole, and
// the key that quits, which nothing else on it names. That other keys do
// nothing is said only where it fits whole (not on 20x5).
func TestTooSmallFitsTheTerminal(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	for _, s := range []struct {
		w, h int
		more string
	}{{40, 10, "; other keys do nothing until then"}, {20, 5, ""}, {59, 14, "; other keys do nothing until then"}} {
		m.Update(tea.WindowSizeMsg{Width: s.w, Height: s.h})
		view := m.View()
		lines := strings.Split(view, "\n")
		if len(lines) > s.h {
			t.Errorf("%dx%d: %d lines, want at most %d:\n%s", s.w, s.h, len(lines), s.h, view)
		}
		for _, l := range lines {
			if cellWidth(l) > s.w {
				t.Errorf("%dx%d: line %q is wider than the terminal", s.w, s.h, l)
			}
		}
		flat := strings.Join(strings.Fields(view), " ")
		if want := fmt.Sprintf("terminal too small (need 60x15, have %dx%d): enlarge it, or press q to quit%s", s.w, s.h, s.more); flat != want {
			t.Errorf("%dx%d: the screen reads %q, want %q", s.w, s.h, flat, want)
		}
	}
}

func TestStreamEnded(t *testing.T) {
	ch := make(chan []mcp.Record, 4)
	recs := fixtureRecords()
	ch <- recs[:1]
	ch <- recs[1:2]
	close(ch)
	msg := waitForRecords(ch)()
	batch, ok := msg.(recordsMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("first wait = %T with %d records, want one batch of 2", msg, len(batch))
	}
	if _, ok := waitForRecords(ch)().(streamEndedMsg); !ok {
		t.Fatal("a closed channel did not end the stream")
	}
	m := newTestModel(t, 160, 45, nil, nil)
	m.Update(batch)
	m.Update(streamEndedMsg{})
	if !strings.Contains(m.View(), "● ended") {
		t.Fatalf("the status bar does not say the session ended:\n%s", m.View())
	}
}

func TestFloodIsOneBatch(t *testing.T) {
	ch := make(chan []mcp.Record, maxBatch+10)
	for i := 0; i < maxBatch+10; i++ {
		ch <- []mcp.Record{{Seq: int64(i + 1), Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Data: "x"}}}
	}
	if got := len(waitForRecords(ch)().(recordsMsg)); got != maxBatch {
		t.Fatalf("first batch = %d records, want the cap %d", got, maxBatch)
	}
	if got := len(waitForRecords(ch)().(recordsMsg)); got != 10 {
		t.Fatalf("second batch = %d records, want the 10 left", got)
	}
}

// Keys pressed on an empty pane must not stop it following what arrives.
func TestEmptyPaneKeepsFollowing(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, nil)
	press(m, "down", "end", "up")
	recs := fixtureRecords()
	m.Update(recordsMsg(recs))
	if n := m.com.log.PairCount(); m.pairs.list.cursor != n-1 {
		t.Errorf("after keys on an empty pane the cursor is on row %d of %d, want the newest", m.pairs.list.cursor, n)
	}
}

func TestNegotiationSaysWhenNoByteCame(t *testing.T) {
	recs := []mcp.Record{
		{Seq: 1, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Conn: 1, URL: fixtureBase + "/sse"}},
		{Seq: 2, Time: fixedNow, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "stream", Method: "GET", URL: fixtureBase + "/sse",
			Err: `Get "` + fixtureBase + `/sse": context canceled`, Duration: 3 * time.Second, Conn: 1}},
		{Seq: 3, Time: fixedNow, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "negotiate", Message: "no endpoint event within 3s", Conn: 1}},
	}
	m := newTestModel(t, 160, 45, nil, recs)
	view := m.View()
	if !strings.Contains(view, "· after 3.0s") || strings.Contains(view, "first byte") {
		t.Fatalf("a GET that got no answer must not claim a first byte:\n%s", view)
	}
}

// A recording that stops (a full disk) says so in the status bar, and
// keeps saying the file is incomplete after the message expires.
func TestRecordingFailureShowsInTheStatusBar(t *testing.T) {
	failed := make(chan error, 1)
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", RecordingPath: "/tmp/mcpscope/session.jsonl",
		RecordingFailed: failed, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	failed <- errors.New("recording: cannot write to /tmp/mcpscope/session.jsonl: no space left on device")
	msg := waitForRecordingError(failed)()
	_, cmd := m.Update(msg)
	bar := lastLine(m.View())
	if !strings.Contains(bar, "recording stopped, the file is incomplete: recording: cannot write to /tmp/mcpscope/session.jsonl: no space left on device") {
		t.Errorf("status bar = %q, want the error", bar)
	}
	if cmd == nil {
		t.Fatal("the error message never expires")
	}
	m.Update(statusExpiredMsg{id: m.statusSeq})
	if bar := lastLine(m.View()); !strings.Contains(bar, "rec failed") || strings.Contains(bar, "rec /tmp") {
		t.Errorf("after the message: status bar = %q, want the recording marked failed", bar)
	}
}

func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

// A run of identical keep-alives is one row with its count, comments or
// a retry field alone alike.
func TestKeepAliveRunIsOneRow(t *testing.T) {
	for _, tc := range []struct {
		ev        mcp.SSEEvent
		row, once string
	}{
		{mcp.SSEEvent{Conn: 1, Comments: []string{"ping"}, Raw: ": ping\n\n"}, "×5 : ping (last", ": ping"},
		{mcp.SSEEvent{Conn: 1, Retry: "1000", Raw: "retry: 1000\n\n"}, "×5 retry: 1000 (last", "retry: 1000"},
		{mcp.SSEEvent{Conn: 1, Raw: "x\n\n"}, "(comment) 15 B ×5 (last", "×5"},
	} {
		at := fixedNow.Add(-time.Minute)
		recs := []mcp.Record{{Seq: 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}}}
		for i := range 5 {
			ev := tc.ev
			recs = append(recs, mcp.Record{Seq: int64(i + 2), Time: at.Add(time.Duration(i+1) * time.Second), Kind: mcp.KindEvent, Event: &ev})
		}
		m := newTestModel(t, 160, 45, nil, recs)
		if v := m.View(); !strings.Contains(v, tc.row) || strings.Count(v, tc.once) != 1 {
			t.Errorf("five identical keep-alives %q are not one row reading %q:\n%s", tc.ev.Raw, tc.row, v)
		}
	}
}

// A pane whose text runs past its bottom says so in its title; one that
// fits does not.
func TestNegotiationTitleSaysWhenItScrolls(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	if view := m.View(); strings.Contains(view, "Negotiation ·") && strings.Contains(strings.SplitN(view, "\n", 2)[0], "/") {
		t.Fatalf("at 160x45 the negotiation fits, yet its title gives a position:\n%s", strings.SplitN(view, "\n", 2)[0])
	}
	m = newTestModel(t, 160, 16, newFakeBackend(), fixtureRecords())
	first := strings.SplitN(m.View(), "\n", 2)[0]
	if !strings.Contains(first, " · 1/") {
		t.Fatalf("at 160x16 the negotiation runs past its bottom, and its title should say where it is:\n%s", first)
	}
}

// On an 80-column terminal a message that does not fit beside the
// protocol version is shown whole: on the command line's blank row above
// the bar, which keeps the version; while typing (no row free) in the bar
// without the version, since what to do next outranks what Negotiation
// already shows.
func TestStatusMessageOutranksTheProtocolVersion(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), statelessRecords().recs)
	lines := strings.Split(m.View(), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, "2026-07-28") {
		t.Fatalf("with no message the status bar should name the protocol version: %q", last)
	}
	msg := "reconnected: a new session; press i to initialize"
	m.setStatus(levelWarn, msg)
	view := m.View()
	checkFrame(t, view, 80, 24)
	lines = strings.Split(view, "\n")
	if above, last := lines[len(lines)-2], lines[len(lines)-1]; !strings.Contains(above, msg) || !strings.Contains(last, "2026-07-28") {
		t.Errorf("row %q, bar %q: want %q whole above the bar, and the bar keeping the version", above, last, msg)
	}
	press(m, ":")
	m.setStatus(levelWarn, msg)
	lines = strings.Split(m.View(), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, msg) || !strings.Contains(last, "stateless") {
		t.Errorf("while typing the status bar cuts the message: %q, want %q whole beside the transport", last, msg)
	}
}

// Keys typed fast reach the program as one message of runes (":ping"):
// a first rune that opens an input opens it and the rest is its text, not
// lost; any other run of runes is not replayed as commands, and is the
// command line's text, as a paste is.
func TestRunesTypedFastOpenTheirInput(t *testing.T) {
	runesMsg := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	m.Update(runesMsg(":ping"))
	if !m.cmdline.Focused() || m.cmdline.input.Value() != "ping" {
		t.Errorf("after \":ping\" the command line is focused=%v holding %q, want focused holding \"ping\"", m.cmdline.Focused(), m.cmdline.input.Value())
	}
	m = newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	m.Update(runesMsg("cgreet"))
	if got := m.cmdline.input.Value(); got != "tools/call greet" {
		t.Errorf("after \"cgreet\" the command line holds %q, want \"tools/call greet\"", got)
	}
	m = newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	m.Update(runesMsg("/endpoint"))
	if !m.events.typing() || m.events.input.Value() != "endpoint" {
		t.Errorf("after \"/endpoint\" the filter is typing=%v holding %q, want \"endpoint\"", m.events.typing(), m.events.input.Value())
	}
	m = newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	if m.Update(runesMsg("ql")); m.ctx.Err() != nil || m.cmdline.input.Value() != "ql" {
		t.Errorf("a run of runes that opens no input was acted on, or lost (the command line holds %q)", m.cmdline.input.Value())
	}
}

// x on a request that already ended says so first, so an 80-column status
// bar shows it (on the rows above the bar when the bar keeps the protocol
// version: a message wraps under the keys row).
func TestCancelAnEndedRequestSaysSoFirst(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home")
	if p := m.pairs.selected(); p == nil || p.Kind != history.KindRequest || p.State == history.StatePending {
		t.Fatalf("the first row is %+v, want an answered request", p)
	}
	press(m, "x")
	lines := strings.Split(m.View(), "\n")
	last := lines[len(lines)-1]
	starts := strings.Contains(last, "nothing to cancel: initialize (id ")
	for _, above := range lines[len(lines)-3 : len(lines)-1] {
		starts = starts || strings.HasPrefix(strings.TrimSpace(above), "nothing to cancel: initialize (id ")
	}
	if !starts {
		t.Errorf("x on an answered request: rows %q, want the message to start with nothing to cancel", lines[len(lines)-3:])
	}
}
