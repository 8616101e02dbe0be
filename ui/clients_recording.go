package ui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// clientRecordingFailed marks the recording of session id incomplete (or,
// err a *history.Caveat, whole again: the disk caught up), and says so when
// that session is shown: a proxied client's recording that
// stopped went on showing "● rec", its error written to a stderr the TUI
// covers.
func (m *Model) clientRecordingFailed(id int, err error) tea.Cmd {
	f, i := m.clients.feed(id)
	if f == nil {
		return nil
	}
	var c *history.Caveat
	f.recordingFailed = !errors.As(err, &c)
	if i != m.clients.cur {
		return nil
	}
	return m.recordingFailedBy(err)
}

// recordingFailedBy marks the shown session's recording not to be trusted
// and says why, for the error the recording met: what it left out may be
// missing from the file, so the bar no longer names it. A disk that
// stopped answering mid-session (history.Unanswered, Behind) is said as
// the recording falling behind, since what reached the file is not known,
// while the session goes on; one that did not answer its close (a proxied
// client's session ended) as what its error says: the file may be
// incomplete, not that it is; records dropped (history.NotWritten) as
// their count, which its words say; any other error as the file being
// incomplete. A caveat told after them (history.Caveat) is said as the
// recording having caught up, its records whole.
func (m *Model) recordingFailedBy(err error) tea.Cmd {
	var c *history.Caveat
	if errors.As(err, &c) {
		// Told after a failure, a caveat says the records are whole:
		// a disk said to be falling behind caught up (history.Tee),
		// where the bar said it stopped keeping up until quit.
		said := errLine(err)
		if m.status.recordingFailed {
			said = "the recording caught up: " + said
		}
		m.status.recordingFailed = false
		m.com.recording = m.status.recording
		return m.setStatus(levelInfo, said)
	}
	var u *history.Unanswered
	var nw *history.NotWritten
	switch {
	case errors.As(err, &u) && u.Behind:
		return m.recordingLost("the recording stopped keeping up: " + errLine(err))
	case u != nil, errors.As(err, &nw):
		return m.recordingLost(errLine(err))
	}
	return m.recordingLost("recording stopped, the file is incomplete: " + errLine(err))
}

// recordingLost marks the shown session's recording as not to be trusted
// and says said.
func (m *Model) recordingLost(said string) tea.Cmd {
	m.status.recordingFailed = true
	m.com.recording = ""
	return m.setStatus(levelError, said)
}
