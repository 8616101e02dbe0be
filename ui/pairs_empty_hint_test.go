package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// paneText is the text inside the box titled title in view, its rows
// joined by spaces: what a person reads there, however it wraps.
func paneText(t *testing.T, view, title string) string {
	t.Helper()
	rows := strings.Split(ansi.Strip(view), "\n")
	for i, r := range rows {
		at := strings.Index(r, "╭─ "+title)
		if at < 0 {
			continue
		}
		left := len([]rune(r[:at]))
		right := left + len([]rune(r[at:at+strings.IndexRune(r[at:], '╮')]))
		var words []string
		for _, body := range rows[i+1:] {
			b := []rune(body)
			if len(b) <= right || b[left] == '╰' {
				break
			}
			words = append(words, strings.TrimSpace(string(b[left+1:right])))
		}
		return strings.Join(strings.Fields(strings.Join(words, " ")), " ")
	}
	t.Fatalf("no pane titled %q:\n%s", title, view)
	return ""
}

// At 100 columns the Pairs pane is half the screen, and its empty hint,
// the first thing a new user reads, was cut: "press i to initialize, l to
// li…", "(G jumps to t…". It wraps, whole, at every width.
func TestPairsEmptyHintWrapsWhole(t *testing.T) {
	failed := []mcp.Record{
		{Seq: 1, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Transport: mcp.TransportAuto, URL: fixtureBase}},
		{Seq: 2, Time: fixedNow, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateFailed}},
	}
	recs := fixtureRecords()
	for i := range recs {
		if recs[i].Kind == mcp.KindSent || recs[i].Kind == mcp.KindReceived {
			for j := i; j < len(recs); j++ {
				recs[j].Time = recs[j].Time.Add(time.Hour)
			}
			break
		}
	}
	player := recordingOf(t, recs)
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 100, Height: 30}, {Width: 160, Height: 45}} {
		live := newTestModel(t, size.Width, size.Height, newFakeBackend(), nil)
		if got, want := paneText(t, live.View(), "Pairs"), "no requests yet: press i to initialize, l to list tools"; !strings.Contains(got, want) {
			t.Errorf("%dx%d: the empty Pairs pane says %q, want %q:\n%s", size.Width, size.Height, got, want, live.View())
		}
		down := newTestModel(t, size.Width, size.Height, newFakeBackend(), failed)
		if got, want := paneText(t, down.View(), "Pairs"), "not connected: press r to try again (Negotiation says why it failed)"; !strings.Contains(got, want) {
			t.Errorf("%dx%d: the Pairs pane of a failed connection says %q, want %q:\n%s", size.Width, size.Height, got, want, down.View())
		}
		player.Restart()
		replay := New(Options{Player: player, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
		replay.Update(size)
		replay.Update(replayTickMsg{})
		if got, want := paneText(t, replay.View(), "Pairs"), "to come (G jumps to the end)"; !strings.Contains(got, want) {
			t.Errorf("%dx%d: a replay's empty Pairs pane says %q, want %q:\n%s", size.Width, size.Height, got, want, replay.View())
		}
	}
}
