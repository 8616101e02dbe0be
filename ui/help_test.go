package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestHelpOverlay(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	press(m, "?")
	view := m.View()
	// Detail pages with the lists' keys, and help says so.
	for _, want := range []string{"Global", "Send", "Raw events", "Command line", "send initialize", "filter events", "copy JSON",
		"pgup/pgdn page up/down", "home/end  top/bottom"} {
		if !strings.Contains(view, want) {
			t.Errorf("help lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "play/pause") {
		t.Errorf("help shows replay keys in a live session:\n%s", view)
	}
	checkFrame(t, view, 160, 45)
	press(m, "tab")
	if m.focus != panePairs {
		t.Fatalf("keys under the overlay reached the panes")
	}
	press(m, "?")
	if m.showHelp {
		t.Fatal("? did not close the help")
	}
}

// On a small terminal the help does not fit: it says so and scrolls, so no
// key is out of reach.
func TestHelpOverlayScrollsWhenItDoesNotFit(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "?")
	view := m.View()
	checkFrame(t, view, 80, 24)
	if !strings.Contains(view, "more below") || strings.Contains(view, "later command") {
		t.Fatalf("at 80x24 the help should say there is more below and not yet show the last key:\n%s", view)
	}
	for i := 0; i < 60; i++ {
		press(m, "j")
	}
	view = m.View()
	checkFrame(t, view, 80, 24)
	if !strings.Contains(view, "later command") || !strings.Contains(view, "more above") || strings.Contains(view, "more below") {
		t.Fatalf("scrolled to the end, the help should show its last key and say there is more above:\n%s", view)
	}
	press(m, "k")
	if view := m.View(); !strings.Contains(view, "more below") {
		t.Fatalf("one row back up, the help should say there is more below:\n%s", view)
	}
}

// On a 60x15 terminal the help box stays where it is while it scrolls (its
// corner in the same cell, the same width), and its footer is whole.
func TestHelpOverlayKeepsItsPlaceWhileScrolling(t *testing.T) {
	m := newTestModel(t, 60, 15, newFakeBackend(), fixtureRecords())
	press(m, "?")
	var corner string
	for i := 0; i < 100; i++ { // the last key is 60-odd rows down
		view := m.View()
		checkFrame(t, view, 60, 15)
		first := strings.Split(view, "\n")[0]
		if i == 0 {
			corner = first
		} else if first != corner {
			t.Fatalf("after %d rows down the box's top moved:\n%s\nwas\n%s", i, first, corner)
		}
		if !strings.Contains(view, "? or esc to close") {
			t.Fatalf("after %d rows down the footer is cut:\n%s", i, view)
		}
		press(m, "j")
	}
	if view := m.View(); !strings.Contains(view, "later command") || !strings.Contains(view, "more above ·") {
		t.Errorf("scrolled to the end, the help should show its last key and say there is more above:\n%s", view)
	}
}

// The help says which key quits from the command line, where q is a
// letter, and that the line half typed is kept: it said only "q quit",
// and ctrl+c was named nowhere but on the too-small screen.
func TestHelpNamesTheQuitKeyWhileTyping(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	press(m, "?")
	view := m.View()
	checkFrame(t, view, 160, 45)
	if !strings.Contains(view, "ctrl+c    quit (the line is kept for ↑)") {
		t.Errorf("the help does not say ctrl+c quits from the command line:\n%s", view)
	}
}

// At 80x24 the help said "more below" over two blank rows above the status
// bar, the idle command line's: the box takes them, down to the bar.
func TestHelpOverlayUsesTheCommandLineRows(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "?")
	view := m.View()
	checkFrame(t, view, 80, 24)
	lines := strings.Split(ansi.Strip(view), "\n")
	if above := lines[len(lines)-2]; !strings.Contains(above, "╰") {
		t.Fatalf("the row above the status bar is not the help box's bottom (%q):\n%s", above, view)
	}
	if !strings.Contains(view, "enter open in detail") {
		t.Errorf("the rows gained show no more keys:\n%s", view)
	}
	for i := 0; i < 60; i++ {
		press(m, "j")
	}
	if view := m.View(); !strings.Contains(view, "later command") || strings.Contains(view, "more below") {
		t.Fatalf("scrolled to the end in the taller box, the help should show its last key:\n%s", view)
	}
}

// At 80 columns the help says under esc what it does in a 2026 round,
// whole: it declines, which ends the round, and keeps what was typed
// (ask.go's dismiss), where the help said nothing of a round.
func TestHelpSaysWhatEscDoesInARoundAt80(t *testing.T) {
	m := newTestModel(t, 80, 60, newFakeBackend(), fixtureRecords())
	press(m, "?")
	view := m.View()
	checkFrame(t, view, 80, 60)
	for _, want := range []string{
		"esc       leave / dismiss a question (cancel a form, decline a sampling)",
		"          in a 2026 round: declining ends it; your typing is kept for ↑",
	} {
		if !strings.Contains(ansi.Strip(view), want) {
			t.Errorf("the help at 80 columns lacks %q whole:\n%s", want, view)
		}
	}
}
