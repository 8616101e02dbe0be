package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// "answer the question above" was gone five seconds after the question
// came, while it still waited: the panes stood still with no word why. It
// stays while the question is open, comes back when a message shown over
// it ends, and goes once the question is answered.
func TestAskReminderStaysWhileOpen(t *testing.T) {
	m, q := askModel(t, "elicitation/create", formParams)
	bar := func() string { return ansi.Strip(m.View()) }
	// Each expiry the reminder scheduled, as the tick would bring it,
	// well past its five seconds.
	for range 10 {
		m.Update(statusExpiredMsg{id: m.statusSeq})
	}
	if !strings.Contains(bar(), "answer the question above") {
		t.Fatalf("the reminder went while the question was open:\n%s", bar())
	}
	m.setStatus(levelWarn, "something else")
	if v := bar(); !strings.Contains(v, "something else") || strings.Contains(v, "answer the question above") {
		t.Fatalf("a newer message did not show over the reminder:\n%s", v)
	}
	m.Update(statusExpiredMsg{id: m.statusSeq})
	if !strings.Contains(bar(), "answer the question above") {
		t.Fatalf("the reminder did not come back after the message over it ended:\n%s", bar())
	}
	typeKeys(m, "decline")
	press(m, "enter")
	answerOf(t, q)
	for range 3 {
		m.Update(statusExpiredMsg{id: m.statusSeq})
	}
	if v := bar(); strings.Contains(v, "answer the question above") {
		t.Errorf("the reminder stayed after the answer:\n%s", v)
	}
}
