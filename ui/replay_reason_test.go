package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A replay's "sending is disabled" goes after a notice's time, as any
// notice: it stood over the keys row for the whole replay. A key that
// sends says it again, for its time, and an older saying's end does not
// take away a newer one.
func TestReplayReasonGoesAfterItsTime(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(replayTickMsg{})
	if row(ansi.Strip(m.View()), replayDisabled) == "" {
		t.Fatalf("a replay starting does not say sending is off:\n%s", ansi.Strip(m.View()))
	}
	m.Update(replayReasonGoneMsg{id: m.replay.reasonSaid})
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	if strings.Contains(view, replayDisabled) {
		t.Fatalf("the replay's reason stays once its time is up:\n%s", view)
	}
	press(m, "i")
	view = ansi.Strip(m.View())
	if row(view, replayDisabled) == "" || !strings.Contains(row(view, "REPLAY"), replayRefused) {
		t.Fatalf("i in a replay does not say why again:\n%s", view)
	}
	stale := m.replay.reasonSaid
	press(m, "c")
	m.Update(replayReasonGoneMsg{id: stale})
	if row(ansi.Strip(m.View()), replayDisabled) == "" {
		t.Fatalf("the end of an older saying took away the newer one:\n%s", ansi.Strip(m.View()))
	}
	m.Update(replayReasonGoneMsg{id: m.replay.reasonSaid})
	if strings.Contains(ansi.Strip(m.View()), replayDisabled) {
		t.Fatalf("the reason said again stays once its time is up:\n%s", ansi.Strip(m.View()))
	}
}
