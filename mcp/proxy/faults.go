package proxy

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// clientLeft reports whether relaying ended because the client went away:
// a write to it failed, or its request was cancelled (which also ends the
// upstream request, so upstream stops streaming to nobody). Once the proxy
// stops, that is why everything ends, whatever failed first.
func (l *leg) clientLeft(err error) bool {
	var cg *clientGone
	return l.p.life.Err() == nil && (errors.As(err, &cg) || l.r.Context().Err() != nil)
}

// finish logs how relaying an answer ended when it did not end well. A
// client that left cancels the request it waited on. An upstream that
// broke off breaks the client's answer too, so the client sees what it
// would have seen without the proxy; the proxy goes on serving.
func (l *leg) finish(err error) {
	// All the leg logs of the answer is logged: the client may have it.
	defer l.release()
	switch {
	case err == nil:
	case l.clientLeft(err):
		switch {
		case l.request && l.eventID && l.c.kind() == mcp.TransportStreamable && l.up.Purpose == mcp.PurposePost && l.c.obs.Waiting(l.reqSeq):
			// Dropping a stream it can resume is no cancelling: the
			// client resumes it with Last-Event-ID and waits for the
			// answer there, which is its answer, not a late one. Once
			// the answer came, closing the stream is only the client
			// done with it (the next case logs nothing then). Nor is it
			// a failure: a fact about the stream, beside its resumption,
			// as the request's own end says what became of it (a
			// cancel, as exec's ctrl+c drops the stream and then
			// cancels, counted no error in the bar or in sessions).
			asked := l.asked()
			l.c.dropped(l.reqSeq, asked)
			l.c.state(mcp.StateResuming, droppedBy+asked+" before the answer came; it can resume it with Last-Event-ID, so the request still waits (the proxy closed the upstream stream)")
		case l.request && l.method == mcp.ListenMethod:
			// A listen stream has no answer to wait for: closing it is
			// how a 2026 client ends its subscription.
			l.c.obs.Fail(l.reqSeq, mcp.OpCancelled, errors.New("the client closed its listen stream, as a 2026 client ends a subscription; the proxy closed the upstream one"))
		case l.closedToCancel():
		case l.request && l.up.Opened == mcp.StreamJSON && l.up.BodySize > 0:
			// A JSON body is the answer: the client had read part of
			// it (logged as it came, cut short), so it did not leave
			// before it came.
			l.c.obs.Fail(l.reqSeq, mcp.OpCancelled, fmt.Errorf("the client left part way through the answer (%d bytes of it had come); the proxy closed the upstream request", l.up.BodySize))
		case l.request:
			l.c.obs.Fail(l.reqSeq, mcp.OpCancelled, errors.New("the client left before the answer came; the proxy closed the upstream request"))
		default:
			l.failBatch(mcp.OpCancelled, errors.New("the client left before the batch's answers came; the proxy closed the upstream request"), false)
		}
	case l.p.life.Err() != nil:
		if l.request {
			l.c.obs.Fail(l.reqSeq, mcp.OpStream, errors.New("the proxy stopped before the answer came"))
			return
		}
		l.failBatch(mcp.OpStream, errors.New("the proxy stopped before the batch's answers came"), false)
	default:
		where := ""
		if l.cut > 0 {
			where = ", " + mcp.MidEvent(l.cut)
		}
		we := &mcp.WireError{Cause: mcp.CauseStreamEnded, Purpose: l.up.Purpose, Transport: l.c.kind(), Err: err,
			Message: upstreamsOwn(l.up.Purpose) + " broke off" + where + ": " + err.Error()}
		if !l.request {
			l.failed(mcp.OpStream, we)
		} else if !l.c.obs.Fail(l.reqSeq, mcp.OpStream, we) {
			// The answer had come, and is logged as it came, but the
			// client's copy is cut off with the rest (a JSON body whole
			// but for a broken trailer, a stream reset after its answer):
			// said on its own, or the record shows only "ok".
			we.Message = upstreamsOwn(l.up.Purpose) + " broke off after the answer came" + where + ": " + err.Error() + "; the proxy cut the client's answer off as upstream's was"
			l.c.fail(mcp.OpStream, we)
		}
		panic(http.ErrAbortHandler)
	}
}

// droppedBy begins the detail of the state that says the client dropped
// an answer stream it can resume (AnswerStreamDropped).
const droppedBy = "the client closed the answer stream to "

// closedCancels is what a stateless request ends with when its client
// closed its stream before the answer came: the 2026-07-28 client's
// cancel.
const closedCancels = "the client closed the request's stream before the answer came, which cancels it on 2026-07-28; the proxy closed the upstream request"

// closedToCancel ends the stateless request l relays as its client's
// cancel when the client left before its answer came, and reports
// whether it did: on 2026-07-28 closing a request's stream is how the
// client cancels it, not a failure.
func (l *leg) closedToCancel() bool {
	if !l.request || l.c.kind() != mcp.TransportStateless {
		return false
	}
	l.c.obs.Fail(l.reqSeq, mcp.OpCancelled, errors.New(closedCancels))
	return true
}

// StreamClosedCancelled reports whether e ended a stateless request its
// client cancelled by closing its stream: the client's own doing, which a
// headless line says as no failure.
func StreamClosedCancelled(e *mcp.ErrorInfo) bool {
	return e != nil && e.Op == mcp.OpCancelled && e.Message == closedCancels
}

// AnswerStreamDropped reports whether st says the client closed the answer
// stream of a request before its answer came, a stream it can resume: a
// fact a headless line says, not a failure.
func AnswerStreamDropped(st *mcp.StateChange) bool {
	return st != nil && st.State == mcp.StateResuming && strings.HasPrefix(st.Detail, droppedBy)
}

// asked names the request l relays as a failure line names one: its
// method, tool and id (the client's to make up, so each is cut as every
// line cuts a name: at mcp.NameLimit, the tool by mcp.NameShown). The
// request still waits when its stream is dropped, so its failure does not
// end it and the line has no request to name but this.
func (l *leg) asked() string {
	id, method, tool, ok := l.c.obs.Asked(l.reqSeq)
	if !ok {
		return clip.Quote(l.method, mcp.NameLimit)
	}
	what := clip.Quote(method, mcp.NameLimit)
	if tool != "" {
		what += " " + mcp.NameShown(tool)
	}
	return what + " id=" + clip.Quote(id, mcp.NameLimit)
}

// upstreamsOwn names what upstream was sending for an exchange of this
// purpose, so that a client's two streams failing at once (its GET
// stream, and the resumption of a response stream) read as two things.
func upstreamsOwn(purpose string) string {
	switch purpose {
	case mcp.PurposeGet:
		return "upstream's GET stream"
	case mcp.PurposeResume:
		return "upstream's resumed stream"
	}
	return "upstream's answer"
}

// exchangeOf names the client's request for a failure: its method and
// URL, and for a GET of streamable HTTP which stream it was.
func exchangeOf(r *http.Request, url, purpose string) string {
	switch purpose {
	case mcp.PurposeGet:
		return r.Method + " " + url + " (the GET stream for server messages)"
	case mcp.PurposeResume:
		return r.Method + " " + url + " (resuming a stream after Last-Event-ID " + shownID(r.Header.Get("Last-Event-ID")) + ")"
	}
	return r.Method + " " + url
}
