package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A replay said "replay: sending is disabled (this is a recording)" under
// the keys from its start, over the whole of a short replay with no key
// pressed, and after c the bar said "a replay sends nothing" beside it.
// It is said once, on the bar, when a key that sends is pressed, and goes
// with the notice.
func TestReplaySaysItSendsNothingOnceWhenAsked(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(replayTickMsg{})
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	if strings.Contains(view, replayDisabled) || strings.Contains(view, replayRefused) {
		t.Fatalf("the replay says it sends nothing before any key asked it to:\n%s", view)
	}
	for _, k := range []string{"c", "i", ":"} {
		press(m, k)
		view = ansi.Strip(m.View())
		if n := strings.Count(view, replayRefused) + strings.Count(view, replayDisabled); n != 1 || !strings.Contains(row(view, "REPLAY"), replayRefused) {
			t.Fatalf("%s in a replay: the screen says it sends nothing %d times, want once on the bar:\n%s", k, n, view)
		}
		m.Update(statusExpiredMsg{id: m.statusSeq})
		view = ansi.Strip(m.View())
		if strings.Contains(view, replayDisabled) || strings.Contains(view, replayRefused) {
			t.Fatalf("%s in a replay: the reason stays once the notice went:\n%s", k, view)
		}
	}
}
