package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// replayReasonGoneMsg ends a saying of why a replay sends nothing, once it
// has had a warning's time; id is its count (replayState.reasonSaid).
type replayReasonGoneMsg struct{ id int }

// sayReplayReason says, on the row under the keys, why a replay sends
// nothing, for a warning's time, as any notice: it stood there the whole
// replay. Said when the replay starts, and again when a key that sends is
// pressed (the bar then says only "a replay sends nothing").
func (m *Model) sayReplayReason() tea.Cmd {
	r := m.replay
	if r == nil {
		return nil
	}
	r.reasonSaid++
	m.cmdline.SetReasonGone(false)
	id := r.reasonSaid
	return tea.Tick(statusTTL(levelWarn), func(time.Time) tea.Msg { return replayReasonGoneMsg{id: id} })
}

// replayReasonGone takes the reason away, unless it was said again since.
func (m *Model) replayReasonGone(msg replayReasonGoneMsg) {
	if r := m.replay; r != nil && msg.id == r.reasonSaid {
		m.cmdline.SetReasonGone(true)
	}
}
