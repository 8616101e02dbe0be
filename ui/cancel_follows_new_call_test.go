package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// sendCall types call on the command line and hands the TUI its Enter,
// as the command line does, and returns the send it started, unrun.
func sendCall(t *testing.T, m *Model, call string) {
	t.Helper()
	press(m, "c")
	typeKeys(m, call)
	submit := runCmd(t, press(m, "enter"), func(msg tea.Msg) bool { _, ok := msg.(SubmitMsg); return ok })
	m.Update(submit)
	if m.sends.running() != 1 {
		t.Fatalf("%q: %d sends running, want the call's", call, m.sends.running())
	}
}

// After a call was sent, x before its row came acted on the row the
// highlight was still on: the older tools/call slow, "sent by the session
// itself". A highlight on the last row follows the tail, so x cancels the
// call just sent; one the user moved up stays where it was put.
func TestCancelRightAfterACallFollowsIt(t *testing.T) {
	t.Run("following", func(t *testing.T) {
		m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
		sendCall(t, m, "greet name=Ann")
		press(m, "x")
		if sl := m.status.msg; sl == nil || sl.text != "cancelling tools/call greet (its row is still to come)…" {
			t.Errorf("x right after the call: the status = %+v, want the call cancelled", sl)
		}
	})
	t.Run("before the line came", func(t *testing.T) {
		// Enter hands the line over in a message of its own: an x typed
		// at once was handled first, on the row the highlight was on.
		m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
		press(m, "c")
		typeKeys(m, "greet name=Ann")
		enter := press(m, "enter")
		press(m, "x")
		if sl := m.status.msg; sl == nil || sl.text != "cancelling the line just entered…" {
			t.Errorf("x before the line came: the status = %+v, want the line cancelled", sl)
		}
		m.Update(runCmd(t, enter, func(msg tea.Msg) bool { _, ok := msg.(SubmitMsg); return ok }))
		if sl := m.status.msg; m.sends.running() != 0 || sl == nil || !strings.HasPrefix(sl.text, "tools/call greet: not sent: x cancelled it") {
			t.Errorf("the line x cancelled came: %d sends running, the status %+v, want it not sent", m.sends.running(), sl)
		}
	})
	t.Run("moved up", func(t *testing.T) {
		m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
		press(m, "up")
		sendCall(t, m, "greet name=Ann")
		press(m, "x")
		if sl := m.status.msg; sl == nil || sl.text != "nothing to cancel: tools/list (id 5) already ended (✗ POST 401); x on a pending row cancels it" {
			t.Errorf("x on the row moved up to: the status = %+v, want that row's", sl)
		}
		if m.sends.running() != 1 {
			t.Errorf("x on the row moved up to stopped the call just sent")
		}
	})
}
