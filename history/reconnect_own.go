package history

import (
	"github.com/mcpscope/mcpscope/mcp"
)

// The legacy transport's reconnects of its own, as the Log follows them:
// the session's state between the attempts.

// reconnectingOnItsOwn keeps the session's state "reconnecting" between
// the legacy transport's attempts of its own: each failed attempt records
// its connection's "closed", but the session is not closed until the
// attempts gave up (CauseReconnectGaveUp) or the session itself closed.
// Whether a state is one of those is StateChange.OnItsOwn's to say: the
// close the attempts follow says it too, so the bar reads "reconnecting"
// from the stream's end, not only from the first attempt on.
func (l *Log) reconnectingOnItsOwn(r *mcp.Record) {
	st := r.State
	switch {
	case st.State == mcp.StateReconnecting:
		l.setReconnectingOnItsOwn(st.OnItsOwn(), false)
	case st.State == mcp.StateClosed && !closes(r.Kind, st):
		if st.OnItsOwn() {
			l.setReconnectingOnItsOwn(true, false)
		}
		if l.autoReconnecting {
			l.stats.State = mcp.StateReconnecting
		}
	case st.State != mcp.StateConnecting:
		l.setReconnectingOnItsOwn(false, false)
	}
}

// reconnectErrorOnItsOwn follows the errors about those reconnects: the
// one that says they gave up ends them. Recordings older than
// StateChange.Auto said a break that reconnects only by the error's
// Reconnecting (a clean end said nothing until the first attempt): it is
// read as before, and in newer ones the close that follows says the same.
func (l *Log) reconnectErrorOnItsOwn(e *mcp.ErrorInfo) {
	switch {
	case e.Cause == mcp.CauseReconnectGaveUp && l.autoReconnecting:
		l.setReconnectingOnItsOwn(false, true)
		l.stats.State = mcp.StateClosed
	case e.Reconnecting && e.Cause != mcp.CauseReconnectGaveUp:
		l.setReconnectingOnItsOwn(true, false)
	}
}

// setReconnectingOnItsOwn sets whether those reconnects are under way;
// gaveUp says they ended with none reopening the stream.
func (l *Log) setReconnectingOnItsOwn(on, gaveUp bool) {
	l.autoReconnecting = on
}
