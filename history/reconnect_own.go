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

// ownReconnects follows mcpscope's runs of reconnects of its own from
// the records: the one reading of them, for the Log and for the counts
// the listing of recordings gives (describe), which must say what the
// status bar says.
type ownReconnects struct {
	on bool // a run is under way
	// counted says an error of the outage the run follows was counted:
	// the attempts' failures and their giving up are the same outage,
	// not more errors (repeat).
	counted bool
	// byServer says the run under way follows a stream the server closed
	// cleanly, not one that broke: what each attempt's status line opens
	// with (see Log.ReconnectingAfterServerClose).
	byServer bool
}

// stateStep is how the state record (kind, st) moves a run: what it comes
// to, and false when the record says nothing of it. Each failed attempt
// records its connection's "closed", but the session is not closed until
// the attempts gave up or the session itself closed. Whether a state is
// one of those is StateChange.OnItsOwn's to say: the close the attempts
// follow says it too.
func (o *ownReconnects) stateStep(kind mcp.Kind, st *mcp.StateChange) (ownReconnectOutcome, bool) {
	switch st.State {
	case mcp.StateGetStream, mcp.StateResuming, mcp.StateResumed, mcp.StateNotResumed, mcp.StateListen, mcp.StateConnecting:
		// Facts about one stream, or a step on the way: no end.
		return 0, false
	case mcp.StateReconnecting:
		if st.OnItsOwn() {
			return ownReconnectOn, true
		}
		return ownReconnectByUser, true
	case mcp.StateClosed:
		if !closes(kind, st) {
			return ownReconnectOn, st.OnItsOwn()
		}
		return ownReconnectGaveUp, true
	case mcp.StateOpen, mcp.StateSessionReplaced, mcp.StateInitialized:
		return ownReconnectReopened, true
	}
	return ownReconnectOther, true
}

// errorStep is how the error e moves a run: the one that says they gave
// up ends it. Recordings older than StateChange.Auto said a break that
// reconnects only by the error's Reconnecting (a clean end said nothing
// until the first attempt): it is read as before, and in newer ones the
// close that follows says the same.
func (o *ownReconnects) errorStep(e *mcp.ErrorInfo) (ownReconnectOutcome, bool) {
	switch {
	case e.Cause == mcp.CauseReconnectGaveUp && o.on:
		return ownReconnectGaveUp, true
	case e.Reconnecting && e.Cause != mcp.CauseReconnectGaveUp:
		return ownReconnectOn, true
	}
	return 0, false
}

// step moves the run to how, the outcome of a stateStep or errorStep when
// ok, and reports whether a run ended there.
func (o *ownReconnects) step(how ownReconnectOutcome, ok bool) bool {
	if !ok {
		return false
	}
	on := how == ownReconnectOn
	if on && !o.on {
		o.counted, o.byServer = false, false
	}
	ended := o.on && !on
	o.on = on
	return ended
}

// repeat reports whether e, an error tied to no request, is one more of
// an outage already counted: the stream's break, each failed attempt and
// the giving up read "7 err" on the bar after one outage, nothing the user
// did failing. The first error of a run of reconnects counts (a stream
// that ended cleanly said none); the rest are told in Negotiation. wasOn
// is whether the run was under way before e.
func (o *ownReconnects) repeat(e *mcp.ErrorInfo, wasOn bool) bool {
	if !wasOn && !o.on || e.Op != mcp.OpConnect && e.Op != mcp.OpStream {
		return false
	}
	counted := o.counted
	o.counted = true
	return counted
}

// reconnectingOnItsOwn follows a state record: it keeps the session's
// state "reconnecting" between the attempts, so the bar reads so from the
// stream's end, not only from the first attempt on.
func (l *Log) reconnectingOnItsOwn(r *mcp.Record) {
	wasOn := l.own.on
	l.ownStep(l.own.stateStep(r.Kind, r.State))
	if r.State.State == mcp.StateClosed && !closes(r.Kind, r.State) && l.own.on {
		l.stats.State = mcp.StateReconnecting
		if !wasOn {
			// The close the run follows; an attempt's own close later is
			// not how the stream ended.
			l.own.byServer = r.State.ClosedByServer()
		}
	}
}

// ReconnectingAfterServerClose reports whether the reconnects of its own
// under way follow a stream the server closed cleanly, rather than one
// that broke: each run says how its own stream ended.
func (l *Log) ReconnectingAfterServerClose() bool {
	return l.own.on && l.own.byServer
}

// reconnectErrorOnItsOwn follows an error about those reconnects.
func (l *Log) reconnectErrorOnItsOwn(e *mcp.ErrorInfo) {
	how, ok := l.own.errorStep(e)
	l.ownStep(how, ok)
	if ok && how == ownReconnectGaveUp {
		l.stats.State = mcp.StateClosed
	}
}

// ownStep moves the run of those reconnects (ownReconnects.step) and
// notes where and how a run of them ended.
func (l *Log) ownStep(how ownReconnectOutcome, ok bool) {
	if l.own.step(how, ok) {
		l.ownReconnectEnds = append(l.ownReconnectEnds, ownReconnectEnd{at: l.cur, how: how})
		// Their failures read differently now (failureNow).
		for _, i := range l.ownReconnectRows {
			l.views.refresh(l, i)
		}
		l.ownReconnectRows = l.ownReconnectRows[:0]
	}
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
