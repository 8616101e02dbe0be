package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The connection state and the field after it (a message, the counts) are
// set apart as every other field of the bar is: joined by one blank they
// read as one phrase ("● ended a new client: …", "● initialized
// reconnected: …", "◌ POST server/discover 2s/10s 1 req").
func TestStatusBarSetsTheStateApart(t *testing.T) {
	m := newTestModel(t, 160, 45, newFakeBackend(), fixtureRecords())
	bar := func() string {
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		return lines[len(lines)-1]
	}
	if got := bar(); !strings.Contains(got, "● initialized · 6 req") {
		t.Errorf("bar %q, want the state then \" · \" then the counts", got)
	}
	m.setStatus(levelInfo, "reconnected: a new session, opened with initialize")
	if got := bar(); !strings.Contains(got, "● initialized · reconnected: a new session") {
		t.Errorf("bar %q, want the state then \" · \" then the message", got)
	}
}
