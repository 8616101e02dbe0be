package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A replay's status message that the bar would cut is read whole on the
// row under the keys, where the replay's reason stands: on 80 columns y
// with nothing open said "nothing to copy: open a pair or an …" on the
// bar and never how, the row above holding the reason alone. Once the
// message goes the reason is back.
func TestReplayMessageReadWhole(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for range 20 {
		m.Update(replayTickMsg{})
		press(m, ".")
	}
	version := m.com.log.Stats().Protocol
	press(m, "y")
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	want := "nothing to copy: open a pair or an event in Detail first (enter)"
	if row(view, want) == "" {
		t.Errorf("y with nothing open: no row says %q whole:\n%s", want, view)
	}
	if version == "" || row(view, "REPLAY sse "+version) == "" {
		t.Errorf("the bar lost the protocol version to the message:\n%s", view)
	}
	m.Update(statusExpiredMsg{id: m.statusSeq})
	view = ansi.Strip(m.View())
	if row(view, replayDisabled) == "" || strings.Contains(view, "nothing to copy") {
		t.Errorf("once the message went the replay's reason is not back:\n%s", view)
	}
}
