package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// The GET streams of a streamable session: the one for what the server
// starts on its own, and the GET that opens a resumption.

// sleepCtx waits d, or less when ctx ends; it reports whether d passed.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// get opens a GET stream on the endpoint: the optional stream for server
// messages, or a resumption (with Last-Event-ID). Only a 200 event stream
// comes back without an error; every answer is a record.
func (t *streamable) get(ctx context.Context, purpose, lastID string, reqSeq int64, gen int) (*http.Response, error) {
	s := t.s
	id, protocol, _, _ := t.session()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.endpoint.String(), nil)
	if err != nil {
		return nil, &WireError{Cause: CauseUnreachable, Message: err.Error(), Err: err}
	}
	req.Header.Set("Accept", "text/event-stream")
	t.headers(req, id, protocol)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	ex := &HTTPExchange{Purpose: purpose, ReqSeq: reqSeq, Conn: gen}
	resp, err := s.do(req, ex)
	if err != nil {
		s.emitHTTP(ex)
		return nil, withTransport(err, t.name(), purpose)
	}
	we := s.eventStream(resp, ex, t.name(), t.endpoint.String())
	if we == nil {
		if id != "" {
			t.knownBy(gen, id)
		}
		return resp, nil
	}
	// The GET that reopens a stream after a server restart is often the
	// first to hear the session is gone, in the same shapes a POST is told.
	if id != "" && SessionGone(resp.StatusCode, MediaType(resp.Header), ex.Body) {
		we.Cause = CauseSessionExpired
		if !t.expire(gen, id, resp.StatusCode) {
			we.Cause = CauseSessionNotKept
		}
	}
	return nil, we
}

// errReplaced is why a long-lived stream ended when a new one of its kind
// took its place. To errors.Is it is context.Canceled, as is the end of
// any stream mcpscope stopped.
var errReplaced error = replacedError{"closed by mcpscope: a new stream of its kind replaced it"}

// replacedError is a stream's end when another replaced it, in words.
type replacedError struct{ why string }

func (e replacedError) Error() string      { return e.why }
func (replacedError) Is(target error) bool { return target == context.Canceled }

// longStream is how long a GET stream must have lasted for the wait
// before reopening it to start over.
const longStream = 10 * time.Second

// getWait is how long a GET goes unanswered before the state says it is
// waiting: a server may hold back even the status line until it has
// something to send, and the GET is there all the same.
const getWait = 500 * time.Millisecond

// sayWaiting says the GET is waiting for its answer if none came within
// getWait; the returned stop, called once the answer came, makes sure the
// saying is over (or never happens), so it cannot follow what comes next.
func (t *streamable) sayWaiting(state func(string)) (stop func()) {
	var mu sync.Mutex
	answered := false
	timer := time.AfterFunc(getWait, func() {
		mu.Lock()
		defer mu.Unlock()
		if !answered {
			state("requested, no answer yet (a server may send nothing until it has a message)")
		}
	})
	return func() {
		timer.Stop()
		mu.Lock()
		answered = true
		mu.Unlock()
	}
}

// getLoop keeps the GET stream for server messages open (step 4): 405,
// 409 and a 404 without a session are answers, not errors (though a 409 to
// reopening a stream that was open is tried again a few times); a stream that
// ends is reopened after the server's retry or a backoff. A stream that
// ends as soon as it opens, with nothing said, is reopened with a growing
// wait, and after maxResume of those in a row no more: a server answering
// every GET with "retry: 0" and an end must not be asked again in a tight
// loop for the whole session. ready is closed once the first GET has been
// answered (or failed), or the loop ends.
func (t *streamable) getLoop(ctx context.Context, gen int, ready chan<- struct{}) {
	answered := sync.OnceFunc(func() { close(ready) })
	defer answered()
	s := t.s
	in := &inbound{conn: gen, stream: StreamGet}
	state := func(detail string) { s.emit(streamState(StateGetStream, gen, t.name(), detail, false)) }
	gaveUp := func(detail string) { s.emit(streamState(StateGetStream, gen, t.name(), detail, true)) }
	// tryIn says a try to come after wait, which detail names
	// (WaitWords); auto marks one after a failure.
	tryIn := func(detail string, wait time.Duration, auto bool) {
		r := streamState(StateGetStream, gen, t.name(), detail, false)
		r.State.Auto, r.State.WaitMS = auto, wait.Milliseconds()
		s.emit(r)
	}
	defer func() {
		// The stream ends with its session: the last word on it must not
		// stay "reopening in 30s".
		if gone := t.expiredID(); gone != "" {
			if _, _, cur, _ := t.session(); cur == gen {
				gaveUp("closed: session " + clip.Quote(gone, 64) + " expired (the server no longer knows it)")
			}
		}
	}()
	var lastID string
	delay := defaultRetry
	// asked is the wait a retry field asked for past maxRetry, which
	// delay holds to the cap (retryAsked): "" when delay is not its.
	asked := ""
	var quick quickEnds
	var idle idlePolls
	// conflicts counts 409s in a row to reopening a stream that was open:
	// the server may not have seen the old one end yet.
	reopening, conflicts := false, 0
	var ids seenIDs
	var again repeats
	// failures counts the GETs in a row that failed as a server restarting
	// fails (transientGet), and failWait is the last wait after one;
	// serverPaced says a retry field set delay.
	failures, failWait, serverPaced := 0, time.Duration(0), false
	pace := s.reconnectPace()
	for {
		stop := t.sayWaiting(state)
		resp, err := t.get(ctx, PurposeGet, lastID, 0, gen)
		stop()
		we, _ := err.(*WireError)
		why, none := t.getNone(we)
		if none && lastID == "" {
			// Known before the handshake goes on: a request answered
			// 202 from now on fails at once (noBody). A refused resume
			// is tried again without Last-Event-ID first, below.
			t.refusedGet(gen, why)
		}
		answered()
		if ctx.Err() != nil {
			return
		}
		if we != nil && we.Status == http.StatusConflict && reopening && conflicts < maxResume {
			conflicts++
			wait := min(defaultRetry<<(conflicts-1), s.cfg.MaxRetry)
			tryIn(fmt.Sprintf("the server refused to reopen the GET stream: another one is open (409), perhaps the one that just ended, not yet closed on its side; trying again %s, attempt %d of %d", WaitWords(wait), conflicts, maxResume), wait, false)
			if !sleepCtx(ctx, wait) {
				return
			}
			continue
		}
		if we != nil && lastID != "" && we.Status >= 400 && we.Status < 500 && we.Status != http.StatusConflict && we.Cause != CauseSessionExpired && we.Cause != CauseSessionNotKept {
			// A server without an event store refuses the replay ("stream
			// replay unsupported", 400) but still offers the stream: what
			// was missed is lost, not the stream.
			state(fmt.Sprintf("the server refused to replay the GET stream from event %s (%s); reopening it without Last-Event-ID", clip.Quote(lastID, 64), we.Message))
			lastID = ""
			continue
		}
		if transientGet(we) && failures < autoReconnects {
			// A server restarting, or a proxy's 502, is not a server
			// that offers no GET stream: tried again at the legacy
			// stream's pace (reconnectPace), a bounded number of times.
			failures++
			raised := ""
			if failures == 1 {
				failWait = pace.base
				if serverPaced {
					failWait = delay
				}
			} else {
				failWait, raised = pace.after(failures-1, failWait)
			}
			failWait, raised = pace.heed(err, failWait, raised)
			tryIn(fmt.Sprintf("the GET stream could not be opened (%s); trying again %s, attempt %d of %d%s", we.Message, WaitWords(failWait), failures, autoReconnects, raised), failWait, true)
			if !sleepCtx(ctx, failWait) {
				return
			}
			continue
		}
		in.resumed = lastID != ""
		if err != nil {
			if failures > 0 && we != nil {
				// The error itself, its cause and purpose kept for
				// advice and the views that read them.
				we.Message += fmt.Sprintf(" (after %d attempts)", failures+1)
			}
			switch {
			case none:
				gaveUp(why)
			case we != nil && we.Status == http.StatusConflict:
				gaveUp("the server refused the GET stream: another one is open (409)")
			case we != nil && we.Cause == CauseSessionExpired:
			default:
				s.emitError(OpStream, err, 0, gen)
				gaveUp("not reopened: " + err.Error())
			}
			return
		}
		state("open")
		reopening, conflicts, failures = true, 0, 0
		opened, said, message, retried, fresh := s.cfg.Now(), false, false, false, false
		again.begin()
		err = s.readEvents(resp.Body, in, func(rec *Record, ev *SSEEvent) {
			// An id seen before is a replay: it says nothing new, however
			// much data it carries. A server replaying the same events
			// to every Last-Event-ID, ending each GET at once with
			// "retry: 0", was reopened twenty times a second for good.
			replay := false
			switch {
			case ev.HasID && ev.ID == "":
				// An empty id field resets the last event id (WHATWG
				// HTML, "id"): the stream is reopened without one.
				lastID = ""
			case ev.HasID:
				// A new id is the server moving its cursor: a
				// 2025-11-25 server may poll, ending each GET after a
				// priming event (an id, no data) and its retry. A
				// replayed one is where the stream was: reopening
				// from it would ask for the replay again; one that
				// came first on another stream of ours (a response
				// stream an all-streams store replays) is that
				// stream's cursor (event_streams.go).
				replay = !ids.add(ev.ID) || in.elsewhere
				if !replay {
					lastID = ev.ID
				}
				said, fresh = said || !replay, fresh || !replay
			}
			if !replay {
				message = message || len(ev.Data) > 0
				said = said || message
				if len(ev.Data) > 0 {
					again.add(string(ev.Data))
				}
			}
			in.replayed = replay
			s.messageEvent(in, rec, ev)
			in.replayed = false
		}, func(ev *SSEEvent) {
			if d, ok := retryOf(ev.Retry, s.cfg.MaxRetry); ok {
				delay, retried, asked, serverPaced = d, true, retryAsked(ev.Retry, s.cfg.MaxRetry), true
			}
		})
		resp.Body.Close()
		if ctx.Err() != nil {
			return
		}
		if !retried && s.cfg.Now().Sub(opened) >= longStream {
			// A stream that lasted was working: the wait starts over,
			// or a proxy cutting idle streams every minute would leave
			// the GET stream closed for 30s of every 90 once the wait
			// had doubled up to its cap.
			delay, asked = defaultRetry, ""
		}
		why = "the server ended it"
		if err != nil {
			why = "it broke: " + brokeWords(err)
		}
		if back := again.same(); back > 0 && !fresh && s.cfg.Now().Sub(opened) < quickEnd {
			// Only a stream that ended at once: one that lasted was
			// working, whatever it said.
			said, message = false, false
			why += ", having sent " + sameAs(back) + ", with no event id"
		}
		wait := max(delay, idle.wait(opened, s.cfg.Now(), message))
		// Even a stream that said something is not reopened at once when
		// it ended at once.
		wait = reopenWait(wait, opened, s.cfg.Now())
		if n := quick.ended(opened, s.cfg.Now(), said); n > maxResume {
			gaveUp(fmt.Sprintf("the GET stream ended as soon as it opened %d times in a row (%s); mcpscope stopped reopening it", n, why))
			return
		} else if n > 0 {
			wait = max(wait, min(quickBackoff<<(n-1), s.cfg.MaxRetry))
		}
		if len(lastID) > maxSessionID {
			why += fmt.Sprintf("; its last event id is %d bytes, too long to send back, so it is reopened without Last-Event-ID", len(lastID))
			lastID = ""
		} else if _, bad := HeaderValueControl(lastID); bad {
			why += fmt.Sprintf("; its last event id %q holds a control character, which no HTTP header can carry, so it is reopened without Last-Event-ID", clip.Quote(lastID, 64))
			lastID = ""
		}
		reopen := fmt.Sprintf("the GET stream ended (%s); reopening %s", why, WaitWords(wait))
		if wait == s.cfg.MaxRetry && asked != "" {
			reopen += ": " + cappedWaiting(asked, s.cfg.MaxRetry)
		}
		tryIn(reopen, wait, false)
		if !sleepCtx(ctx, wait) {
			return
		}
		delay = min(2*delay, s.cfg.MaxRetry)
	}
}

// transientGet reports whether a GET failed as a server that is
// restarting, or a proxy in front of one, fails: no connection, one
// reset before any answer, or a 5xx other than 501 and 505 (which say
// the server will not do it at all). Such a GET is tried again.
func transientGet(we *WireError) bool {
	if we == nil {
		return false
	}
	var refused *ProxyRefusedError
	switch {
	case we.Cause == CauseUnreachable, we.Cause == CauseDropped:
		return true
	case errors.As(we.Err, &refused):
		// An HTTPS proxy's 502 or 503 while the server restarts passes
		// as the server's own would; its 403 or 407 does not.
		return refused.Code >= 500
	case we.Status == http.StatusNotImplemented, we.Status == http.StatusHTTPVersionNotSupported:
		return false
	}
	return we.Status >= 500 && we.Status <= 599
}
