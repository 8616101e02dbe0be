package history

import (
	"sort"

	"github.com/mcpscope/mcpscope/mcp"
)

// The legacy transport's reconnects of its own, as the Log follows them:
// the session's state between the attempts, and what a failure the broken
// stream caused says once they ended.

// ownReconnectEnd is where one run of reconnects of its own ended: at is
// the entry + 1 of the record that ended it, how how it ended.
type ownReconnectEnd struct {
	at  int32
	how ownReconnectOutcome
}

// ownReconnectOutcome is how a run of reconnects of its own ended.
type ownReconnectOutcome uint8

const (
	ownReconnectOn       ownReconnectOutcome = iota // under way: not an end
	ownReconnectReopened                            // a stream opened again
	ownReconnectGaveUp                              // none did (CauseReconnectGaveUp), or the session closed
	ownReconnectByUser                              // the user reconnected meanwhile
	ownReconnectOther                               // another state ended them
)

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
	case st.State == mcp.StateReconnecting && st.OnItsOwn():
		l.setReconnectingOnItsOwn(ownReconnectOn)
	case st.State == mcp.StateReconnecting:
		l.setReconnectingOnItsOwn(ownReconnectByUser)
	case st.State == mcp.StateClosed && !closes(r.Kind, st):
		if st.OnItsOwn() {
			l.setReconnectingOnItsOwn(ownReconnectOn)
		}
		if l.autoReconnecting {
			l.stats.State = mcp.StateReconnecting
		}
	case st.State == mcp.StateClosed:
		l.setReconnectingOnItsOwn(ownReconnectGaveUp)
	case st.State == mcp.StateOpen || st.State == mcp.StateSessionReplaced || st.State == mcp.StateInitialized:
		l.setReconnectingOnItsOwn(ownReconnectReopened)
	case st.State != mcp.StateConnecting:
		l.setReconnectingOnItsOwn(ownReconnectOther)
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
		l.setReconnectingOnItsOwn(ownReconnectGaveUp)
		l.stats.State = mcp.StateClosed
	case e.Reconnecting && e.Cause != mcp.CauseReconnectGaveUp:
		l.setReconnectingOnItsOwn(ownReconnectOn)
	}
}

// outageError reports whether e, an error tied to no request, is one more
// of an outage already counted: the stream's break, each failed attempt
// and the giving up read "7 err" on the bar after one outage, nothing the
// user did failing. The first error of a run of reconnects counts (a
// stream that ended cleanly said none); the rest are told in Negotiation.
// wasOn is whether the reconnects were under way before e.
func (l *Log) outageError(e *mcp.ErrorInfo, wasOn bool) bool {
	if !wasOn && !l.autoReconnecting || e.Op != mcp.OpConnect && e.Op != mcp.OpStream {
		return false
	}
	counted := l.outageCounted
	l.outageCounted = true
	return counted
}

// setReconnectingOnItsOwn sets whether those reconnects are under way
// (ownReconnectOn) and notes where and how a run of them ended.
func (l *Log) setReconnectingOnItsOwn(how ownReconnectOutcome) {
	on := how == ownReconnectOn
	if on && !l.autoReconnecting {
		l.outageCounted = false
	}
	if l.autoReconnecting && !on {
		l.ownReconnectEnds = append(l.ownReconnectEnds, ownReconnectEnd{at: l.cur, how: how})
		// Their failures read differently now (failureNow).
		for _, i := range l.ownReconnectRows {
			l.views.refresh(l, i)
		}
		l.ownReconnectRows = l.ownReconnectRows[:0]
	}
	l.autoReconnecting = on
}

// failureNow is the failure record of a row (entry + 1) as the row tells
// it now: a broken stream's failure was recorded saying mcpscope reconnects
// on its own, and its advice says so; once those reconnects gave up, that
// is no longer true, and the advice is what the user does (press r); once
// they reopened the stream, it says they did; once the user reconnected
// meanwhile, it says that ended them. The record itself is left as
// recorded.
func (l *Log) failureNow(fail int32) *mcp.Record {
	r := l.record(fail)
	if r == nil || r.Error == nil || !r.Error.Reconnecting {
		return r
	}
	ends := l.ownReconnectEnds
	i := sort.Search(len(ends), func(i int) bool { return ends[i].at > fail })
	if i == len(ends) {
		return r
	}
	c, e := *r, *r.Error
	switch ends[i].how {
	case ownReconnectGaveUp:
		e.Reconnecting = false
	case ownReconnectReopened:
		e.Reopened = true
	case ownReconnectByUser:
		// What the user's reconnect did is its rows' story; the failure
		// says only that it ended the reconnects of its own.
		e.UserReconnected = true
	default:
		return r
	}
	c.Error = &e
	return &c
}
