package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/waitnote"
)

// Re-initializing (i) ends the old session with a DELETE first, which a
// server holding it keeps up to two seconds: the bar said nothing meanwhile,
// and i looked as if it did nothing.

// endingUpstream is what a Backend on an mcp.Session tells of the DELETE
// ending a session (mcp.Session.EndingUpstream).
type endingUpstream interface {
	EndingUpstream() (inFlight, gaveUp bool)
}

// endingNoticeAfter is how long the DELETE may take before the bar says
// what i waits on, as quitting does after the same time.
const endingNoticeAfter = waitnote.After

// endingLook is how often the bar looks again once it said the wait.
const endingLook = 100 * time.Millisecond

// endingTickMsg is a look at the DELETE; said says the bar said the wait.
type endingTickMsg struct {
	e    endingUpstream
	said bool
}

// watchEnding looks at the DELETE ending the old session endingNoticeAfter
// after i sent initialize.
func (m *Model) watchEnding() tea.Cmd {
	e, ok := m.backend().(endingUpstream)
	if !ok {
		return nil
	}
	return tea.Tick(endingNoticeAfter, func(time.Time) tea.Msg { return endingTickMsg{e: e} })
}

// endingTick says the DELETE in flight, looking again until it ends (within
// mcp's bound on it), then that it was given up on, if it was.
func (m *Model) endingTick(msg endingTickMsg) tea.Cmd {
	inFlight, gaveUp := msg.e.EndingUpstream()
	switch {
	case inFlight:
		var say tea.Cmd
		if !msg.said {
			say = m.setStatus(levelInfo, "ending the session upstream (DELETE)…")
		}
		again := tea.Tick(endingLook, func(time.Time) tea.Msg { return endingTickMsg{e: msg.e, said: true} })
		return tea.Batch(say, again)
	case msg.said && gaveUp:
		return m.setStatus(levelWarn, "the server did not answer the DELETE ending the old session: stopped waiting; it may stay open on the server until it expires")
	}
	return nil
}
