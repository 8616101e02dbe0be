package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// A key held down (or pressed faster than the program reads) arrives as
// one message of the same rune repeated: each is a press. It did nothing
// at all: "+++" matched no key, so the replay kept its speed and jjj left
// the cursor where it was. A run of different runes (a paste) is still
// not replayed as commands.
func TestRepeatedKeyReadAtOnce(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	r := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	r.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	r.Update(runes("+++"))
	if s := r.status.view(); !strings.Contains(s, "8x") {
		t.Errorf("+++ read at once: status %q, want the speed at 8x", s)
	}

	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home")
	m.Update(runes("jjj"))
	if got := m.pairs.list.cursor; got != 3 {
		t.Errorf("jjj read at once moved the Pairs cursor to %d, want 3", got)
	}
	m.Update(runes("kq"))
	if got := m.pairs.list.cursor; got != 3 {
		t.Errorf("a paste of different runes moved the cursor to %d; want it left as a paste, not keys", got)
	}
	if got := m.cmdline.input.Value(); !m.cmdline.Focused() || got != "kq" {
		t.Errorf("a paste of different runes left the command line holding %q, want kq", got)
	}
	press(m, "esc")
	// The help scrolls with them too.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 20})
	press(m, "?")
	m.Update(runes("jj"))
	if m.helpTop != 2 {
		t.Errorf("jj read at once in the help scrolled it to row %d, want 2", m.helpTop)
	}
	// Typed into an input, a run is text.
	press(m, "esc", ":")
	m.Update(runes("ll"))
	if got := m.cmdline.input.Value(); got != "ll" {
		t.Errorf("ll typed into the command line made %q", got)
	}
}

// Esc pressed twice in one read comes as alt+esc: it closes the Detail
// search and goes back to the list, as two presses do, rather than being
// lost while the search input keeps the keyboard.
func TestDoubleEscReadAtOnce(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home", "enter", "/")
	if !m.detail.searching() || m.focus != paneDetail {
		t.Fatalf("the Detail search did not open (focus %v)", m.focus)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEsc, Alt: true})
	if m.detail.searching() {
		t.Fatal("esc esc read at once left the search input open")
	}
	if m.focus == paneDetail {
		t.Errorf("esc esc read at once closed the search but did not go back to the list")
	}
}
