package ui

import (
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// submitLine types a command line and runs what it submits: the
// directories it names are resolved (off the update loop), then the
// roots offered, up to the message want accepts, which it hands back to
// Update.
func submitLine(t *testing.T, m *Model, line string, want func(tea.Msg) bool) {
	t.Helper()
	press(m, ":")
	typeKeys(m, line)
	cmd := press(m, "enter")
	msg := runCmd(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(RootsMsg); return ok })
	_, cmd = m.Update(msg)
	if cmd != nil {
		if res, ok := cmd().(rootsResolvedMsg); ok {
			_, cmd = m.Update(res)
		}
	}
	if want != nil {
		m.Update(runCmd(t, cmd, want))
	}
}

func isRootsSet(msg tea.Msg) bool { _, ok := msg.(rootsSetMsg); return ok }

// roots add and rm change what the session offers; the negotiation pane
// and the status bar show it, and completion offers the verbs and roots.
func TestRootsCommand(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 160, 45, b, fixtureRecords())
	dir := filepath.Join(t.TempDir(), "proj")
	submitLine(t, m, "roots add "+dir, isRootsSet)
	if got := b.Roots(); len(got) != 1 || got[0].Name != "proj" || !strings.HasPrefix(got[0].URI, "file:///") {
		t.Fatalf("roots %+v after roots add, want the directory as a file URI", got)
	}
	view := m.View()
	if !strings.Contains(view, "roots added") || row(view, "Roots", "file:///") == "" {
		t.Errorf("the add is not shown:\n%s", view)
	}

	press(m, ":")
	typeKeys(m, "roots r")
	press(m, "tab")
	typeKeys(m, "")
	press(m, "tab")
	if got := m.cmdline.input.Value(); got != "roots rm "+b.Roots()[0].URI+" " {
		t.Errorf("completion made %q, want roots rm and the offered root", got)
	}
	press(m, "esc")

	submitLine(t, m, "roots rm "+dir, isRootsSet)
	if got := b.Roots(); len(got) != 0 {
		t.Errorf("roots %+v after roots rm, want none", got)
	}
	if !strings.Contains(m.View(), "Roots        none") {
		t.Errorf("the negotiation pane does not say no roots are offered:\n%s", m.View())
	}

	submitLine(t, m, "roots rm /nowhere", nil)
	if !strings.Contains(m.View(), "no root /nowhere is offered") {
		t.Errorf("removing a root not offered says nothing:\n%s", m.View())
	}
}
