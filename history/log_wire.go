package history

import (
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// The Log's index of records about the wire rather than messages: the
// session's states, its errors and its HTTP exchanges, each settling the
// row it belongs to.

func (l *Log) onState(r *mcp.Record) {
	if l.connectedAt.IsZero() {
		l.connectedAt = r.Time
	}
	st := r.State
	l.listenReopens.state(st)
	switch st.State {
	case mcp.StateGetStream, mcp.StateResuming, mcp.StateResumed, mcp.StateNotResumed, mcp.StateListen:
		// Facts about one stream, shown in the negotiation pane: the
		// session's own state has not changed.
	default:
		l.stats.State = st.State
		l.reconnectingOnItsOwn(r)
	}
	if (st.State == mcp.StateConnecting || st.State == mcp.StateReconnecting) && st.Transport == mcp.TransportSSE {
		l.probing("GET "+urlPath(st.URL), r.Time)
	}
	if st.URL != "" {
		l.stats.URL = st.URL
	}
	if st.Transport != "" {
		l.stats.Transport = st.Transport
	}
	if st.State == mcp.StateConnecting || st.State == mcp.StateReconnecting {
		// A new connection negotiates its own version: the earlier
		// session's (of another era, even) is not this one's.
		l.stats.Protocol = ""
		if st.Conn > 1 && l.everOpen {
			// Detection's probes each take a connection too: one after
			// another before any opened is no reconnect.
			l.reconnected = append(l.reconnected, l.cur-1)
		}
	}
	if st.State == mcp.StateOpen || st.State == mcp.StateInitialized {
		l.everOpen = true
	}
	if st.Protocol != "" {
		l.stats.Protocol = st.Protocol
	}
	if st.State == mcp.StateSessionReplaced || st.State == mcp.StateExpired {
		// The server's subscriptions were the old session's.
		l.surface.setSubscribed(nil)
	}
	if st.State == mcp.StateListen && st.Subscriptions != nil {
		// No listen stream carries them (--no-listen), but they are
		// what the user subscribed to.
		l.surface.setSubscribed(slices.Clone(*st.Subscriptions))
		l.surface.unheard = true
	}
	if closes(r.Kind, st) {
		l.closePending()
	}
	l.neg.onState(r)
}

func (l *Log) onError(r *mcp.Record) {
	e := r.Error
	wasOn := l.own.on
	// A failure that wraps the one before it whole ("notifications/
	// initialized … failed: POST … answered 400 …" after that POST's own
	// "POST … answered 400 …") says which step it failed, not a second
	// failure: the status bar read "2 err" where Negotiation shows one.
	wraps := wrapsWhole(e.Message, l.lastError)
	l.lastError = e.Message
	l.reconnectErrorOnItsOwn(e)
	if e.Cause == mcp.CauseBadVersion {
		l.versionRefused()
	}
	if l.stoppedNotification(e) {
		// The notification's POST mcpscope stopped waiting for (onHTTP):
		// its error says so, nothing failed and there is no advice.
		return
	}
	if e.Cause == mcp.CauseIDReused {
		// A proxied client used a waiting request's id again: a mistake
		// of the client's, said of the session. The request still waits,
		// and its answer pairs with it; "cancelled" told of a cancel
		// nobody sent, above the answer it got.
		l.neg.addSource(r)
		l.strayErrors++
		return
	}
	// Errors that end one request are that row's story; failed POSTs and
	// replies carry advice about the session, so they are problems too.
	if (e.ReqSeq == 0 || e.Op == mcp.OpPost || e.Op == mcp.OpReply) && e.Op != mcp.OpProbe {
		l.neg.addSource(r)
	}
	var i int32
	var p *row
	if e.ReqSeq != 0 {
		i, p = l.row(e.ReqSeq)
	}
	if p == nil {
		if !ProbeVerdict(e) && !l.own.repeat(e, wasOn) && !wraps {
			l.strayErrors++
		}
		return
	}
	defer l.views.refresh(l, i)
	if p.wireOf().fail == 0 {
		p.wired().fail = l.cur
		if e.Reconnecting {
			l.ownReconnectRows = append(l.ownReconnectRows, i)
		}
	}
	switch {
	case p.state() == StatePending && e.Op == mcp.OpPost && p.wireOf().post != 0 && accepted(l.record(p.wireOf().post).HTTP):
		// The server took the POST (200): what failed came after, on the
		// answer's stream (it ended, could not be resumed, the session
		// expired meanwhile), and "POST 200" would read as a refusal.
		l.setState(p, StateFailed)
	case p.state() == StatePending && e.Op == mcp.OpCancelled && e.Cause == mcp.CauseReplaced:
		// Subscribing opened a new listen stream and closed this one:
		// it ended, nobody cancelled it and nothing failed.
		l.setState(p, StateReplaced)
	case p.state() == StatePending || p.state() == StateSent && e.Op == mcp.OpPost:
		l.setState(p, failureState(e))
	case p.state() == StateInput && e.Op == mcp.OpInput && e.Cause == mcp.CauseDeclined:
		// The user declined: the request ends as they chose.
		l.setState(p, StateDeclined)
	case p.state() == StateInput && e.Op == mcp.OpInput:
		// The server asked for input and no round followed: the request
		// never got its result.
		l.setState(p, StateFailed)
	case (p.state().Failed() || p.state() == StateProbe) && (e.Op == mcp.OpPost || e.Op == mcp.OpProbe),
		p.state() == StatePostFailed && e.Purpose == mcp.PurposePost:
		// Already counted: the POST's status failed the row first. A
		// listen stream reopened on its own says its refused POST as a
		// stream error: the same failure, not a second one ('7 req · 9
		// err' for 5 failed rows).
	case ProbeVerdict(e):
		// Detection's step, not an error, whatever the row came to.
	default:
		// The row was answered, so this error is a story of its own.
		l.strayErrors++
	}
}

// stoppedNotification reports the error of a notification's POST that
// mcpscope stopped waiting for, which left the row sent.
func (l *Log) stoppedNotification(e *mcp.ErrorInfo) bool {
	if e.Op != mcp.OpPost || e.ReqSeq == 0 {
		return false
	}
	_, p := l.row(e.ReqSeq)
	return p != nil && p.state() == StateSent && p.wireOf().post != 0 && l.record(p.wireOf().post).HTTP.Stopped()
}

// failureState is where an error leaves the request it ended.
func failureState(e *mcp.ErrorInfo) PairState {
	if ProbeVerdict(e) {
		// A proxy before 34fae05 logged a relayed probe's refusal in
		// JSON as a failed POST whose purpose was the probe: the row
		// reads probe all the same, as the listing counts it.
		return StateProbe
	}
	if e.Cause == mcp.CauseRedirected {
		// The client sends it again where the redirect points, as a
		// message of its own: nothing failed.
		return StateRedirected
	}
	switch e.Op {
	case mcp.OpTimeout:
		return StateTimedOut
	case mcp.OpPost:
		return StatePostFailed
	case mcp.OpCancelled:
		return StateCancelled
	case mcp.OpProbe:
		return StateProbe
	}
	return StateFailed
}

func (l *Log) onHTTP(r *mcp.Record) {
	h := r.HTTP
	if h.Purpose == mcp.PurposeRelay {
		l.onRelay(r)
		return
	}
	if len(h.Redirects) > 0 {
		l.neg.onRedirects(h)
	}
	if h.Resent > 0 {
		l.neg.onResent(h)
	}
	if h.Purpose == mcp.PurposeStream {
		l.neg.streamGET(r)
		return
	}
	l.stats.Bytes += h.BodySize
	i, p := l.row(h.ReqSeq)
	l.neg.post(r)
	if h.ReqSeq == 0 || p == nil {
		return
	}
	defer l.views.refresh(l, i)
	if h.Purpose == mcp.PurposeResume {
		l.resumed(p, l.cur)
		return
	}
	p.wired().post = l.cur
	p.wired().postLatency = h.Duration
	if p.state() == StateRPCError && h.Purpose == mcp.PurposeProbe && l.refusedProbe(p) {
		// On legacy SSE the refusal can come on the stream before the
		// POST that carried the probe is logged (a proxied Go SDK
		// client's server/discover): it read "✗ rpc error", one error
		// of the session, until the POST said what it was.
		l.setState(p, StateProbe)
	}
	if accepted(h) && p.state() == StatePostFailed && h.Purpose != mcp.PurposeProbe {
		// The same message went on to another URL that took it (a legacy
		// endpoint's alternative after a 404): the refusal before it is
		// not where the message ended.
		st := StateSent
		if p.kind() == KindRequest {
			st = StatePending
		}
		l.setState(p, st)
	}
	// A POST that was not accepted will never be answered on the stream;
	// an answer that already arrived wins over what the POST said. A
	// request's POST mcpscope stopped waiting for before any answer (the
	// session closed, the user cancelled it, a new stream replaced it)
	// was refused by nobody: what ended it follows (the close, or the
	// error saying cancelled or replaced), and "✗ POST error" read as the
	// server's failure.
	if p.state() == StatePending && h.Stopped() && h.Purpose != mcp.PurposeProbe {
		l.endsAtClose(i)
		return
	}
	if p.state() == StateSent && h.Stopped() {
		// A notification awaits no answer: its POST cut as the user quit
		// (or past the short wait on leaving) is sent, not refused.
		return
	}
	if !accepted(h) && (p.state() == StatePending || p.state() == StateSent) {
		st := StatePostFailed
		if h.Purpose == mcp.PurposeProbe {
			st = StateProbe
		}
		l.setState(p, st)
	}
	if p.waits() {
		// Taken (202 on legacy SSE, a stream on streamable HTTP), its
		// answer comes later: a close before it ends the row, which read
		// pending for ever in a replay and the export.
		l.endsAtClose(i)
	}
}

// accepted reports whether the server took a POST: 202 on legacy SSE, 200
// with the answer on streamable HTTP.
func accepted(h *mcp.HTTPExchange) bool { return h.Status >= 200 && h.Status < 300 }
