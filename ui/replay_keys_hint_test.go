package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A replay's line under the panes names the keys that drive it: it said
// only that sending is off and "enter open in detail", so space, + and -
// were found only behind ?.
func TestReplayLineNamesItsKeys(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(replayTickMsg{})
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	if row(view, "space play/pause", "+ faster", "- slower", ". step") == "" {
		t.Errorf("the replay's keys are not named under the panes:\n%s", view)
	}
	if strings.Contains(view, replayDisabled) {
		t.Errorf("the line says sending is off before a key tried to send:\n%s", view)
	}
}

// A send key in a replay says why it did nothing on the status bar, whole,
// on 80 columns (r, that there is nothing to reconnect to): it repeated the line above, cut to "(this is …", and the
// bar dropped the protocol version to make room for it.
func TestReplaySendKeyStatusFits(t *testing.T) {
	m := replayStepped80(t)
	before := ansi.Strip(m.View())
	version := m.com.log.Stats().Protocol
	if version == "" || row(before, "REPLAY sse "+version) == "" {
		t.Fatalf("the replay has no protocol version on its bar to keep:\n%s", before)
	}
	press(m, "i")
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	bar := row(view, "REPLAY")
	if !strings.Contains(bar, replayRefused) || strings.Contains(bar, "…") {
		t.Errorf("i in a replay: the bar does not say why whole: %q\n%s", bar, view)
	}
	if !strings.Contains(bar, "REPLAY sse "+version) {
		t.Errorf("i in a replay: the bar lost the protocol version: %q", bar)
	}
	// r sends nothing either, but what it does not do is reconnect: "a
	// replay sends nothing" did not say why r did nothing.
	press(m, "r")
	bar = row(ansi.Strip(m.View()), "REPLAY")
	if !strings.Contains(bar, replayNoReconnect) || strings.Contains(bar, "…") || !strings.Contains(bar, "REPLAY sse "+version) {
		t.Errorf("r in a replay: the bar = %q, want %q whole beside the protocol version", bar, replayNoReconnect)
	}
}

// replayStepped80 is a replay of the fixture at 80x24, stepped on by 20
// records: past the initialize answer, so its bar names the protocol.
func replayStepped80(t *testing.T) *Model {
	t.Helper()
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for range 20 {
		m.Update(replayTickMsg{})
		press(m, ".")
	}
	return m
}

// A replay's status message that the bar would cut is read whole on the
// row under the keys: on 80 columns y with nothing open said "nothing to
// copy: open a pair or an …" on the bar and never how. Once the message
// goes nothing of it stays.
func TestReplayMessageReadWhole(t *testing.T) {
	m := replayStepped80(t)
	version := m.com.log.Stats().Protocol
	m.setFocus(paneDetail) // y in Pairs copies the selected row
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
	if strings.Contains(view, replayDisabled) || strings.Contains(view, "nothing to copy") {
		t.Errorf("once the message went a reason is left standing:\n%s", view)
	}
}
