package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

func TestReplay(t *testing.T) {
	recs := fixtureRecords()
	now := fixedNow
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, recs)
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	if m.Init() == nil {
		t.Fatal("a replay must start its clock")
	}
	tick := func(d time.Duration) {
		now = now.Add(d)
		m.Update(replayTickMsg{})
	}
	status := func() string { return m.status.view() }

	tick(0)
	if got := m.com.log.Len(); got != 1 {
		t.Fatalf("first tick: %d records, want 1", got)
	}
	// Records are 10 ms apart: 100 ms later, ten more are due.
	tick(100 * time.Millisecond)
	if got := m.com.log.Len(); got != 11 {
		t.Fatalf("after 100ms: %d records, want 11", got)
	}
	if !strings.Contains(status(), "▶ 11/") || !strings.Contains(status(), "1x") {
		t.Fatalf("status bar lacks position and speed: %q", status())
	}

	press(m, " ")
	tick(time.Second)
	if got := m.com.log.Len(); got != 11 {
		t.Fatalf("paused for a second: %d records, want 11", got)
	}
	if !strings.Contains(status(), "⏸") {
		t.Fatalf("status bar does not show the pause: %q", status())
	}
	press(m, ".")
	if got := m.com.log.Len(); got != 12 {
		t.Fatalf(". stepped to %d records, want 12", got)
	}
	press(m, "+")
	if !strings.Contains(status(), "2x") {
		t.Fatalf("+ did not speed up: %q", status())
	}
	press(m, "-", "-")
	if !strings.Contains(status(), "0.5x") {
		t.Fatalf("- - did not slow down to 0.5x: %q", status())
	}

	press(m, "i")
	if !strings.Contains(status(), replayRefused) {
		t.Fatalf("i in a replay did not say sending is disabled: %q", status())
	}
	press(m, "c")
	if m.cmdline.Focused() {
		t.Fatal("c opened the command line in a replay")
	}

	jumpToEnd(t, m)
	if got := m.com.log.Len(); got != len(recs) {
		t.Fatalf("G: %d records, want all %d", got, len(recs))
	}
	if !strings.Contains(status(), "■") {
		t.Fatalf("status bar does not show the end: %q", status())
	}
	press(m, "up", "up", "enter")
	if m.detail.pair == nil {
		t.Fatal("enter did not open a pair")
	}

	press(m, " ", "g")
	if got := m.com.log.Len(); got != 1 {
		t.Fatalf("g: %d records, want a fresh log with the first record", got)
	}
	if p, _ := m.detail.selection(); p != nil {
		t.Fatal("the detail pane still shows a pair of the old log")
	}
	if strings.Contains(m.View(), "tools/call") {
		t.Fatalf("the panes still show records from before the restart:\n%s", m.View())
	}
	tick(time.Minute)
	if got := m.com.log.Len(); got != len(recs) {
		t.Fatalf("a minute after g at 0.5x: %d records, want all %d", got, len(recs))
	}
}

func TestReplayHelpShowsReplayKeys(t *testing.T) {
	p := history.NewPlayer(history.Header{}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	press(m, "?")
	view := m.View()
	for _, want := range []string{"play/pause", "step one record", "restart", "jump to end"} {
		if !strings.Contains(view, want) {
			t.Errorf("replay help lacks %q", want)
		}
	}
	if strings.Contains(view, "send initialize") {
		t.Error("replay help offers to send")
	}
}

// On an 80-column terminal the end of a replay says what to do whole.
func TestReplayEndFitsAt80Columns(t *testing.T) {
	now := fixedNow
	p := history.NewPlayer(history.Header{URL: statelessURL, Transport: "stateless"}, statelessRecords().recs)
	m := New(Options{Player: p, Styles: testStyles(), URL: statelessURL, Transport: "stateless", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(replayTickMsg{})
	jumpToEnd(t, m)
	now = now.Add(time.Second)
	m.Update(replayTickMsg{})
	view := m.View()
	checkFrame(t, view, 80, 24)
	lines := strings.Split(view, "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, "g plays it again") {
		t.Errorf("the status bar cuts what to do at the end of the replay: %q", last)
	}
}

// At the end of a replay, space plays it again and so does g (as the status
// line there says), even after a pause: space at the end used to pause
// without a sign of it, and g then restarted paused.
func TestReplayPlaysAgainFromTheEnd(t *testing.T) {
	recs := fixtureRecords()
	now := fixedNow
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, recs)
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(replayTickMsg{})
	for _, keys := range [][]string{{" "}, {"g"}, {" ", "G", "g"}} {
		jumpToEnd(t, m)
		m.Update(replayTickMsg{})
		if !strings.Contains(m.View(), "end: g plays it again") {
			t.Fatalf("G: the screen does not say how to play again:\n%s", m.View())
		}
		press(m, keys...)
		if got := m.com.log.Len(); got != 1 || m.replay.p.Paused() || !strings.Contains(m.status.view(), "▶ 1/") {
			t.Errorf("%q at the end: %d records, paused %v, status %q; want it playing again from the start",
				keys, got, m.replay.p.Paused(), m.status.view())
		}
		now = now.Add(time.Minute)
		m.Update(replayTickMsg{})
	}
}
