package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A disk that stops answering mid-session is said on the status bar as the
// recording no longer keeping up, with the words the quit says: it
// said "recording stopped, the file is incomplete", which
// is not known, and the session goes on.
func TestRecordingBehindIsSaidAsNotKeepingUp(t *testing.T) {
	failed := make(chan error, 1)
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", RecordingPath: "/tmp/mcpscope/session.jsonl",
		RecordingFailed: failed, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 35})
	failed <- &history.Unanswered{Path: "/tmp/mcpscope/session.jsonl", Wait: 2 * time.Second, Behind: true}
	m.Update(waitForRecordingError(failed)())
	view := m.View()
	want := "the recording stopped keeping up: recording to /tmp/mcpscope/session.jsonl may be incomplete: the disk did not answer within 2s"
	if !readsWhole(view, want) {
		t.Errorf("the status does not say %q:\n%s", want, ansi.Strip(view))
	}
	if strings.Contains(ansi.Strip(view), "the file is incomplete") {
		t.Errorf("the status says the file is incomplete, which is not known:\n%s", ansi.Strip(view))
	}
}
