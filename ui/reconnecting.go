package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// sayReconnecting puts on the status line what the legacy transport's
// reconnects of its own are doing: the attempt under way ("attempt 2 of
// 5"), and once none reopened the stream, that it gave up and what to do
// then. Before, a call the break failed said "press r to reconnect"
// while mcpscope was already reconnecting, and the bar said "● closed".
func (m *Model) sayReconnecting(batch []mcp.Record) tea.Cmd {
	// An attempt is said only while it is still under way: a batch that
	// holds the attempt and what came of it (a busy machine reads them
	// together) said "attempt 1 of 5…" over sayReplaced's "press i".
	state := sessionState(m.com.log)
	underWay := state == mcp.StateReconnecting
	// Only a batch that leaves the session closed ended them, and only by
	// its last close: an earlier one (the stream an attempt followed, read
	// with that attempt) was said in its place, over the attempt's new
	// session too, and the close that says why they stopped found the line
	// taken.
	last := -1
	if state == mcp.StateClosed {
		last = lastClose(batch)
	}
	// began says the reconnects began in this batch: a TUI that started
	// late reads them whole in one, their start never said, and their end
	// is said all the same.
	began := false
	var cmd tea.Cmd
	for i := range batch {
		r := &batch[i]
		st := r.State
		switch {
		case r.Kind != mcp.KindState || st == nil:
		case i == last && (began || m.status.shows(m.reconnectSaid) || m.heldReconnect.holding()):
			m.heldReconnect.drop()
			// The reconnects ended without a word of their own (a server
			// ending each new stream at once, the same way, is left): the
			// attempt's "reconnecting…" stayed up over a closed session.
			cmd = m.setStatus(levelError, sanitize.Line(st.Detail)+" — "+
				advice.For(advice.Fact{Cause: mcp.CauseStreamEnded, Transport: mcp.TransportSSE}, advice.TUI))
		case !underWay || !st.OnItsOwn():
		case st.State == mcp.StateClosed:
			// The stream's end, the attempts to come: said from here, not
			// from the first attempt, ReconnectDelay later.
			m.attemptSaid = 0
			m.heldReconnect.drop()
			cmd = m.setStatus(levelWarn, sanitize.Line(st.Detail)+": reconnecting on its own…")
			m.reconnectSaid = m.statusSeq
		case st.State == mcp.StateReconnecting:
			cmd = m.sayAttempt(ownEndWords(m.com.log) + ": reconnecting on its own, " + sanitize.Line(strings.TrimPrefix(st.Detail, mcp.AutoReconnect)) + "…")
		}
		began = began || st != nil && r.Kind == mcp.KindState && st.OnItsOwn()
		if e := r.Error; r.Kind == mcp.KindError && e != nil && e.Cause == mcp.CauseReconnectGaveUp {
			m.heldReconnect.drop()
			cmd = m.setStatus(levelError, withAdvice(m.ownURLLeftOut(e.Message), e))
		}
	}
	return cmd
}

// sayAttempt says a legacy reconnect's attempt under way, or holds it
// while the status line says what became of a request the user sent after
// the last attempt was said: the attempts come every second or two, and
// l's refusal was gone before it was read (sayHeldTry says the newest
// attempt held once it ends).
func (m *Model) sayAttempt(text string) tea.Cmd {
	if sl := m.status.msg; sl != nil && sl.yours && m.attemptSaid != 0 && sl.id > m.attemptSaid {
		m.heldReconnect.hold(text, m.com.now(), 0)
		return nil
	}
	m.heldReconnect.drop()
	cmd := m.setStatus(levelWarn, text)
	m.reconnectSaid, m.attemptSaid = m.statusSeq, m.statusSeq
	return cmd
}

// sayHeldAttempt says the attempt sayAttempt held, if the attempts are
// still under way.
func (m *Model) sayHeldAttempt() tea.Cmd {
	text := m.heldReconnect.take(m.com.now())
	if text == "" || sessionState(m.com.log) != mcp.StateReconnecting {
		return nil
	}
	return m.sayAttempt(text)
}

// lastClose is the index in batch of its last "closed" state, -1 if none.
func lastClose(batch []mcp.Record) int {
	for i := len(batch) - 1; i >= 0; i-- {
		if isState(&batch[i], mcp.StateClosed) {
			return i
		}
	}
	return -1
}

// sayReplaced puts on the status line that the legacy stream reconnected
// into a new session nobody initialized: Negotiation says so, but on a
// small terminal it is a tab the user is not looking at, and after a
// reconnect of the session's own the message of a request the break failed
// ("press r to reconnect") no longer held. It says nothing of who asked:
// after r, reconnectedMsg says the same, in whichever order they come.
func (m *Model) sayReplaced(batch []mcp.Record) tea.Cmd {
	if sessionState(m.com.log) != mcp.StateSessionReplaced {
		return nil
	}
	for i := range batch {
		if isState(&batch[i], mcp.StateSessionReplaced) {
			amid := m.status.shows(m.reconnectSaid) || m.heldReconnect.holding()
			m.heldReconnect.drop()
			cmd := m.setStatus(levelWarn, "the stream reconnected, to a new session: press "+
				m.keys.Initialize.Help().Key+" to initialize it")
			if amid {
				// A reconnect of its own, read apart from the close that
				// may follow at once: that close, when it ends the
				// reconnects, says why in place of this (sayReconnecting).
				m.reconnectSaid = m.statusSeq
			}
			return cmd
		}
	}
	return nil
}

// ownEndWords is the short form of how the stream ended (its close) that
// each attempt's status line opens with, as the log says of the run under
// way: a server that ended its stream cleanly closed it; it did not break.
func ownEndWords(log *history.Log) string {
	if log.ReconnectingAfterServerClose() {
		return "the server closed the stream"
	}
	return "the stream broke"
}

// sayReconnected says a new session of the 2025 eras opened, and which
// subscriptions of the old one ended with it: a new session holds none,
// and the updates stopped with nothing said (the TUI does not subscribe
// again on its own: the user chose what to send).
func (m *Model) sayReconnected(said string, subscribed []string) tea.Cmd {
	if len(subscribed) == 0 {
		return m.setStatus(levelInfo, said)
	}
	uris := clip.ListFunc(subscribed, 3, func(u string) string { return sanitize.Line(clip.Middle(u, 80)) })
	return m.setStatus(levelInfo, said+"; the old session's subscriptions ended with it ("+uris+"): subscribe again for their updates")
}
