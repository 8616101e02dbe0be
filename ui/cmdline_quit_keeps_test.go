package ui

import (
	"path/filepath"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A line half typed when ctrl+c quits is kept in the history, as esc
// keeps it: the next start brings it back with ↑. It was lost, a long
// tools/call with its arguments, where the guide says nothing typed is.
func TestQuitKeepsTheTypedLineInHistory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	line := "tools/call greet name=Ada times=3"
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", Backend: newFakeBackend(), HistoryPath: path, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, ":")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(line)})
	press(m, "ctrl+c")
	if err := m.cmdline.hist.finish(); err != nil {
		t.Fatal(err)
	}
	next := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", Backend: newFakeBackend(), HistoryPath: path, Now: func() time.Time { return fixedNow }})
	next.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(next, ":", "up")
	if got := next.cmdline.input.Value(); got != line {
		t.Errorf("↑ at the next start after ctrl+c brought back %q, want the line half typed, %q", got, line)
	}
}
