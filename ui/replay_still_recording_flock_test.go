//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A replay of a file another mcpscope is still recording ends where the file
// ended when it was opened. Its end said "it may grow · g plays it again",
// and g played the same records again; it now says the end is the file's as
// opened and how to see more, and G at the end says it again.
func TestReplayOfAFileStillRecordedSaysItEndsWhereItWasOpened(t *testing.T) {
	path := writeRecording(t, fixtureRecords()[:3])
	holdLock(t, path)
	p := loadRecording(t, path)
	if !p.StillRecording() {
		t.Fatal("the recording is not read as still being recorded: the test no longer shows the case")
	}
	const want = "end of the recording as it was when opened"
	m := replayAtEnd(t, p, 80, 24)
	if view := ansi.Strip(m.View()); !strings.Contains(strings.Join(strings.Fields(view), " "), "replay the file again to see it") {
		t.Errorf("the replay's end does not say how to see what was written since:\n%s", view)
	}
	if got := m.status.msg; got == nil || !strings.HasPrefix(got.text, want) {
		t.Fatalf("status at the end = %+v, want it to begin %q", got, want)
	}
	press(m, "i") // says a replay sends nothing, in the end's place
	if got := m.status.msg; got != nil && strings.HasPrefix(got.text, want) {
		t.Fatalf("i left the end's words on the bar: the test no longer shows G saying them again")
	}
	jumpToEnd(t, m)
	m.Update(replayTickMsg{})
	if got := m.status.msg; got == nil || !strings.HasPrefix(got.text, want) {
		t.Errorf("G at the end: status = %+v, want the end said again", got)
	}
}
