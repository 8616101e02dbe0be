package ui

import (
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

// endingSaidMsg says the DELETE ending the old session is still out
// waitnote.After after i, as quitting says it after the same time; next
// tells when it is over.
type endingSaidMsg struct {
	e    endingUpstream
	next <-chan bool
}

// endingOverMsg says the DELETE the bar said is over: answered, or given
// up on.
type endingOverMsg struct{ e endingUpstream }

// watchEnding watches the DELETE ending the old session as i sends
// initialize (waitnote.Watch, the one "say it if it takes long"): the
// bar says it only while it is out, once it has taken waitnote.After.
func (m *Model) watchEnding() tea.Cmd {
	e, ok := m.backend().(endingUpstream)
	if !ok {
		return nil
	}
	return func() tea.Msg {
		// One event each for said (true) and over (false), in that
		// order: the bar is told the first; the second is waited for
		// only once said.
		events := make(chan bool, 2)
		out := func() bool {
			inFlight, _ := e.EndingUpstream()
			return inFlight
		}
		waitnote.Watch(waitnote.After, out, func() { events <- true }, func() { events <- false })
		if said := <-events; !said {
			return nil // over before it was worth a word
		}
		return endingSaidMsg{e: e, next: events}
	}
}

// endingSaid says on the bar that i waits on the DELETE, and waits for
// its end (within mcp's bound on it).
func (m *Model) endingSaid(msg endingSaidMsg) tea.Cmd {
	over := func() tea.Msg {
		<-msg.next
		return endingOverMsg{e: msg.e}
	}
	return tea.Batch(m.setStatus(levelInfo, "ending the session upstream (DELETE)…"), over)
}

// endingOver says the DELETE the bar said was given up on, if it was.
func (m *Model) endingOver(msg endingOverMsg) tea.Cmd {
	if _, gaveUp := msg.e.EndingUpstream(); gaveUp {
		return m.setStatus(levelWarn, "the server did not answer the DELETE ending the old session: stopped waiting; it may stay open on the server until it expires")
	}
	return nil
}
