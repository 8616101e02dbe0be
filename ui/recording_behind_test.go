package ui

import (
	"errors"
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
	m, failed := recordingModel()
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

// A disk that fell behind and then filled: the bar says the full disk once
// it is known, where it went on saying only that the recording stopped
// keeping up.
func TestRecordingFullDiskIsSaidAfterFallingBehind(t *testing.T) {
	m, failed := recordingModel()
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 35})
	failed <- &history.Unanswered{Path: "/tmp/mcpscope/session.jsonl", Wait: 2 * time.Second, Behind: true}
	_, cmd := m.Update(waitForRecordingError(failed)())
	failed <- errors.New("recording: cannot write to /tmp/mcpscope/session.jsonl: no space left on device")
	m.Update(runCmd(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(recordingFailedMsg); return ok }))
	if want := "no space left on device"; !strings.Contains(ansi.Strip(m.View()), want) {
		t.Errorf("the status does not say %q:\n%s", want, ansi.Strip(m.View()))
	}
}

// A disk that fell behind and caught up (Tee ends with a caveat): the bar
// says the recording caught up and "● rec" again, where it said "the
// recording stopped keeping up" and "rec failed" until quit.
func TestRecordingCaughtUpIsSaidOnTheBar(t *testing.T) {
	m, failed := recordingModel()
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 35})
	failed <- &history.Unanswered{Path: "/tmp/mcpscope/session.jsonl", Wait: 2 * time.Second, Behind: true}
	_, cmd := m.Update(waitForRecordingError(failed)())
	failed <- &history.Caveat{}
	m.Update(runCmd(t, cmd, func(msg tea.Msg) bool { _, ok := msg.(recordingFailedMsg); return ok }))
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "the recording caught up") {
		t.Errorf("the status does not say the recording caught up:\n%s", view)
	}
	for _, stale := range []string{"stopped keeping up", "rec failed"} {
		if strings.Contains(view, stale) {
			t.Errorf("the screen still says %q:\n%s", stale, view)
		}
	}
	if !strings.Contains(view, "rec /tmp/mcpscope/session.jsonl") {
		t.Errorf("the bar does not name the recording again:\n%s", view)
	}
}

// Records dropped are said on the bar as their error says, incomplete by
// how much, not "recording stopped, the file is incomplete: recording to
// ... is incomplete", the same said twice.
func TestRecordingNotWrittenIsSaidOnce(t *testing.T) {
	m, failed := recordingModel()
	m.Update(tea.WindowSizeMsg{Width: 250, Height: 35})
	failed <- &history.NotWritten{Path: "/tmp/mcpscope/session.jsonl", Records: 64, Bytes: 64 << 20}
	m.Update(waitForRecordingError(failed)())
	view := ansi.Strip(m.View())
	if want := "recording to /tmp/mcpscope/session.jsonl is incomplete: 64 records (about 64.0 MiB) were not written"; !strings.Contains(view, want) {
		t.Errorf("the status does not say %q:\n%s", want, view)
	}
	if n := strings.Count(view, "incomplete"); n != 1 {
		t.Errorf("the status says incomplete %d times, want once:\n%s", n, view)
	}
}

// recordingModel is a live screen recording to /tmp/mcpscope/session.jsonl,
// and the channel it hears of the recording's errors on.
func recordingModel() (*Model, chan error) {
	failed := make(chan error, 1)
	return New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", RecordingPath: "/tmp/mcpscope/session.jsonl",
		RecordingFailed: failed, Now: func() time.Time { return fixedNow }}), failed
}
