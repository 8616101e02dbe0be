package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// A command pasted while no input had the keyboard was dropped without a
// word (no key is a paste): it opens the command line holding what was
// pasted, for enter to send, and none of its letters acts as a key.
func TestPasteOpensTheCommandLine(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("tools/call greet name=q"), Paste: true})
	if !m.cmdline.Focused() {
		t.Fatalf("after a paste the command line is closed:\n%s", m.View())
	}
	if got := m.cmdline.input.Value(); got != "tools/call greet name=q" {
		t.Errorf("command line holds %q, want the paste", got)
	}
	if v := m.View(); !strings.Contains(v, "› tools/call greet name=q") {
		t.Errorf("the pasted command is not shown:\n%s", v)
	}
}

// A replay sends nothing: a paste there opens no command line, and says
// why rather than nothing.
func TestPasteInAReplaySaysWhy(t *testing.T) {
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, fixtureRecords())
	m := New(Options{Player: p, Styles: testStyles(), URL: fixtureBase, Transport: "sse", Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("tools/list"), Paste: true})
	if m.cmdline.Focused() {
		t.Errorf("a replay opened the command line for a paste")
	}
	if v := m.View(); !strings.Contains(v, "a replay sends nothing") {
		t.Errorf("a paste in a replay says nothing of why it went nowhere:\n%s", v)
	}
}

// A paste while the help is open was swallowed: it closes the help and
// opens the command line holding it, as a paste elsewhere does.
func TestPasteOverTheHelpOpensTheCommandLine(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "?")
	if !m.showHelp {
		t.Fatalf("? did not open the help:\n%s", m.View())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("tools/call greet name=q"), Paste: true})
	if m.showHelp {
		t.Errorf("the help stayed open over a paste:\n%s", m.View())
	}
	if !m.cmdline.Focused() || m.cmdline.input.Value() != "tools/call greet name=q" {
		t.Fatalf("a paste over the help did not open the command line holding it (%q):\n%s", m.cmdline.input.Value(), m.View())
	}
	if v := m.View(); !strings.Contains(v, "› tools/call greet name=q") {
		t.Errorf("the pasted command is not shown:\n%s", v)
	}
}

// A paste without bracketed paste (tmux's paste-buffer), or keys typed
// faster than the program read them, comes as one run of different runes:
// it was dropped without a word. It opens the command line holding it, as
// a bracketed paste does, and none of its letters acts as a key.
func TestUnbracketedPasteOpensTheCommandLine(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 80, 24, b, fixtureRecords())
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("i:tools/list")})
	if !m.cmdline.Focused() {
		t.Fatalf("after a run of runes the command line is closed:\n%s", m.View())
	}
	if got := m.cmdline.input.Value(); got != "i:tools/list" {
		t.Errorf("command line holds %q, want the runes as read", got)
	}
	if m.initializing != 0 {
		t.Errorf("the i of the run was read as the initialize key")
	}
}
