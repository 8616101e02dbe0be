package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// With the command line open, a message said before it opened moved onto
// the status bar and pushed the protocol version and the counts out at 80
// columns: "sse ● initialized · tools/list: ok · 4 tools, …". It gives way
// while the user types (they read it already), and comes back when the
// line closes; news said while they type is drawn.
func TestOldStatusGivesWayWhileTyping(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	old := "tools/list: ok · 4 tools, 2 of them take no arguments"
	m.Update(statusMsg(m, levelInfo, old))
	bar := func() string {
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		return lines[len(lines)-1]
	}
	press(m, ":")
	typeKeys(m, "tools/call")
	if got := bar(); strings.Contains(got, "tools/list: ok") || !strings.Contains(got, "sse 2024-11-05") || !strings.Contains(got, "6 req") {
		t.Errorf("typing, the status bar = %q, want the protocol version and counts, not the older message", got)
	}
	news := "a call answered"
	m.Update(statusMsg(m, levelInfo, news))
	if got := bar(); !strings.Contains(got, news) {
		t.Errorf("typing, the status bar = %q, want the message said since the line opened", got)
	}
	press(m, "esc")
	m.Update(statusMsg(m, levelInfo, old))
	press(m, ":")
	press(m, "esc")
	if v := ansi.Strip(m.View()); !strings.Contains(v, old) {
		t.Errorf("the command line closed, the screen does not show the message again:\n%s", v)
	}
}

// What the key that opened the command line said is news: c while an
// initialize is on its way says when the tools are listed.
func TestStatusOfTheOpeningKeyShows(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	m.tools, m.initializing = nil, 1 // i pressed again, its answer still to come
	press(m, "c")
	want := "the tools are listed for completion"
	if v := ansi.Strip(m.View()); !m.cmdline.Focused() || !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
		t.Errorf("c: the command line is open %v, want it open and %q on the screen:\n%s", m.cmdline.Focused(), want, v)
	}
}

// statusMsg sets a message on m as a message handled by Update would,
// and returns a message that changes nothing more.
func statusMsg(m *Model, level statusLevel, text string) tea.Msg {
	m.setStatus(level, text)
	return tea.WindowSizeMsg{Width: m.width, Height: m.height}
}
