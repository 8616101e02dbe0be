package mcp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// A request's response stream, and its resumption when it drops before the
// answer.

// answeredLinger is how long a response stream is read after its answer
// before mcpscope closes it, when the server does not.
const answeredLinger = 2 * time.Second

// readResponse reads a request's response stream, resuming it when it ends
// before the answer (step 5). Nothing already received is lost: every event
// is a record the moment it is read.
func (t *streamable) readResponse(ctx context.Context, m *outgoing, resp *http.Response, gen int) error {
	s := t.s
	label := m.stream
	if label == "" {
		label = StreamResponse
	}
	in := &inbound{conn: gen, stream: label, reqSeq: m.seq}
	if m.p != nil {
		in.unfinished = &m.p.unfinished
	}
	var lastID, retryField string
	// cleared is an empty id field after the last id: lastID was reset.
	cleared := false
	// foreignIDs counts new event ids skipped for lastID as another
	// request's, for the words when no event of this one had an id.
	foreignIDs := 0
	retry := defaultRetry
	// A Content-Length on an event stream ends it there: net/http reads
	// no further, so the end is the header's doing, and is said so.
	body := newCountedBody(resp)
	// jsonLike is a stream whose first block reads as JSON: a JSON answer
	// labelled text/event-stream, which holds no event to read.
	jsonLike, first := false, true
	// A server may end the stream on purpose after every event and have
	// the client poll (2025-11-25): a resumption that brought a new event
	// id is progress when it brought a message moving this request on, or
	// no message at all (a poll's priming event); only attempts in a row
	// without progress are bounded. A replay of the same events is no
	// progress, nor is a stream of only another request's events
	// (resume_run.go). One of only new notifications naming no request
	// (logs) is not given up on, but slowed (asidePolls).
	var ids seenIDs
	var idle idlePolls
	var aside asidePolls
	var run resumeRun
	attempt, resumes := 0, 0
	var note *resumeNote // the latest resumption, counting its events
	// capped is the wait the server asked for, past maxRetry, before the
	// latest resumption: "" when it asked for none so long.
	capped := ""
	ownerOf := ownerFor(m)
	for {
		fresh, message := false, false
		// ours are this request's messages not seen before; others are
		// messages that do not move it on.
		// asideNew are the others that name no request, with new ids.
		ours, others, asideNew := 0, 0, 0
		cut := 0 // the bytes of a last block the stream ended inside
		opened := s.cfg.Now()
		var linger *time.Timer
		err := s.readEvents(body, in, func(rec *Record, ev *SSEEvent) {
			seen := false
			var whose eventOwner
			if ev.HasID || note != nil {
				// Read only where it decides something (an id to resume
				// from, a resumption's progress): the message is read
				// again as it is logged, and an answer may be megabytes.
				whose = ownerOf(string(ev.Data))
			}
			switch {
			case ev.HasID && ev.ID == "":
				// An empty id field resets the last event id (WHATWG
				// HTML, "id"): the stream named no place to go on from.
				lastID, cleared = "", true
			case ev.HasID:
				again := !ids.add(ev.ID)
				// An id that came first on another stream of ours was
				// replayed from it (event_streams.go).
				seen = again || in.elsewhere
				fresh = fresh || !seen
				// Event ids are a cursor in one stream (2025-11-25): a
				// replayed id would resume from where the stream was,
				// and another request's event from its stream.
				switch {
				case again:
				case seen || whose == ownerOther:
					foreignIDs++
				default:
					lastID, cleared = ev.ID, false
				}
			}
			if note != nil {
				// Only a resumption is judged by whose events it brought
				// (its own progress replayed is no more progress than
				// another's events): the first stream is not read twice.
				switch {
				case whose == ownerThis && !seen:
					ours++
				case whose == ownerOther || whose == ownerNoMessage:
					// Data that is no message says nothing of the
					// request: not even that the server is still on it.
					others++
				case whose == ownerAside:
					others++
					if ev.HasID && !seen {
						asideNew++
					}
				}
				note.events.Add(1)
				run.add(seen, whose)
			}
			message = message || len(ev.Data) > 0
			in.replayed = seen
			s.messageEvent(in, rec, ev)
			in.replayed = false
			if linger == nil && m.p != nil && !s.waiting(m.id) {
				// Answered: the server should end the stream now. One
				// that keeps it open would hold a connection for every
				// request of the session; what it sends soon after is
				// still read.
				b := body
				linger = time.AfterFunc(answeredLinger, func() { b.Close() })
			}
		}, func(ev *SSEEvent) {
			if ev.Unparsed() {
				cut = len(ev.Raw)
			}
			if first {
				raw := bytes.TrimSpace([]byte(ev.Raw))
				jsonLike, first = len(raw) > 0 && (raw[0] == '{' || raw[0] == '['), false
			}
			if d, ok := retryOf(ev.Retry, s.cfg.MaxRetry); ok {
				retry, retryField = d, ev.Retry
			}
			if m.retry != nil {
				m.retry.read(ev.Retry, s.cfg.MaxRetry)
			}
		})
		if linger != nil {
			linger.Stop()
		}
		body.Close()
		if m.p == nil || !s.waiting(m.id) {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil && isTooLarge(err) {
			return &WireError{Cause: CauseEventTooLarge, Transport: t.name(), Purpose: PurposePost, Message: err.Error(), Err: err}
		}
		if we := badBody(err); we != nil {
			// Resuming would read the same undecodable bytes.
			return withTransport(we, t.name(), PurposePost)
		}
		dropped := "the server ended it"
		switch {
		case err != nil && cut > 0:
			dropped = "it broke, " + MidEvent(cut) + ": " + brokeWords(err)
		case err != nil:
			dropped = "it broke: " + brokeWords(err)
		case body.length > 0 && body.n == body.length:
			// What cut the event short, if one was.
			dropped = fmt.Sprintf("the server ended it after %d bytes, as its Content-Length named", body.length)
		case cut > 0:
			dropped += ", " + MidEvent(cut)
		}
		if jsonLike && lastID == "" {
			return &WireError{Cause: CauseBadContentType, Transport: t.name(), Purpose: PurposePost, Err: err,
				Header:  contentTypeHeader(resp.Header),
				Message: fmt.Sprintf("the answer to request %s is labelled %s but its body reads as JSON, not as events: the server sent the wrong Content-Type", m.named(), ContentTypeWords(resp.Header))}
		}
		if cs := foreignCharset(resp.Header); cs != "" && lastID == "" {
			// Events in UTF-16 read as lines of no field at all: the
			// label is the one clue a person gets.
			st := s.straysSince(m.p, m.id)
			return &WireError{Cause: CauseBadContentType, Transport: t.name(), Purpose: PurposePost, Err: err,
				Header: contentTypeHeader(resp.Header), Strayed: st.answeredNothing(),
				Message: fmt.Sprintf("the %s stream of request %s ended before its answer (%s), and %s, finding no answer in it", label, m.named(), dropped, labelledWords(cs, "an event stream")) + strayWords(st)}
		}
		if t.modern {
			// 2026 streams do not resume: the answer is lost with it.
			return s.answerLost(m, TransportStateless, "text/event-stream", err, fmt.Sprintf("the %s stream of request %s ended before its answer (%s)", label, m.named(), dropped))
		}
		if lastID == "" && cleared {
			return s.answerLost(m, t.name(), "text/event-stream", err, fmt.Sprintf("the response stream of request %s ended before its answer (%s), and an empty id field after its last event id reset it: there is no event to resume from", m.named(), dropped))
		}
		if lastID == "" && foreignIDs > 0 {
			return s.answerLost(m, t.name(), "text/event-stream", err, fmt.Sprintf("the response stream of request %s ended before its answer (%s), and its only events with ids (%d) were not this request's: resuming from one would resume another stream, not this one", m.named(), dropped, foreignIDs))
		}
		if lastID == "" {
			return s.answerLost(m, t.name(), "text/event-stream", err, fmt.Sprintf("the response stream of request %s ended before its answer (%s), and no event had an id to resume from", m.named(), dropped))
		}
		if len(lastID) > maxSessionID {
			// Sent back, it would be refused (431) or crowd out the
			// headers that matter, on every attempt.
			return &WireError{Cause: CauseResumeFailed, Transport: t.name(), Purpose: PurposeResume, Err: err,
				Message: fmt.Sprintf("the response stream of request %s ended before its answer (%s), and its last event id is %d bytes: too long to send back as Last-Event-ID (mcpscope sends at most %d), so it was not resumed", m.named(), dropped, len(lastID), maxSessionID)}
		}
		if _, bad := HeaderValueControl(lastID); bad {
			return &WireError{Cause: CauseResumeFailed, Transport: t.name(), Purpose: PurposeResume, Err: err,
				Message: fmt.Sprintf("the response stream of request %s ended before its answer (%s), and its last event id %q holds a control character, which no HTTP header can carry: it cannot be sent back as Last-Event-ID, so it was not resumed", m.named(), dropped, clip.Quote(lastID, 64))}
		}
		onlyAside := fresh && ours == 0 && others > 0 && others == asideNew
		if fresh && (ours > 0 || others == 0) {
			attempt, run = 0, resumeRun{}
		} else if onlyAside {
			attempt = 0
		}
		attempt++
		resumes++
		if attempt > maxResume {
			return &WireError{Cause: CauseResumeFailed, Transport: t.name(), Purpose: PurposeResume, Err: err,
				Message: fmt.Sprintf("the response stream of request %s kept dropping; gave up after %d attempts in a row to resume it that brought no new event for it: %s", m.named(), maxResume, run.words(note.after)) + cappedSaid(capped, s.cfg.MaxRetry)}
		}
		if deadline := m.p.deadline; !deadline.IsZero() && time.Until(deadline) < retry {
			// Waiting would outlast the request: it would time out saying
			// no answer came, when mcpscope was only waiting as asked.
			wait := fmt.Sprintf("the server's retry field asks to wait %s ms before resuming it", clip.Quote(retryField, 32))
			if retryField == "" {
				wait = fmt.Sprintf("resuming it waits %s (the server named no retry)", retry)
			}
			return &WireError{Cause: CauseResumeFailed, Transport: t.name(), Purpose: PurposeResume, Err: err,
				Message: fmt.Sprintf("the response stream of request %s ended before its answer (%s), and %s, more than the %s left of the request's timeout: not resumed", m.named(), dropped, wait, time.Until(deadline).Round(time.Millisecond))}
		}
		wait := max(retry, idle.wait(opened, s.cfg.Now(), message), aside.wait(note != nil && onlyAside, retry))
		if s.cfg.Now().Sub(opened) < quickEnd {
			// "retry: 0" and a new id each time would be a GET per round
			// trip until the request times out: thousands a second.
			wait = max(wait, quickBackoff)
		}
		detail := fmt.Sprintf("request %s: stream dropped after event %s (%s); resuming %s, attempt %d of %d", m.named(), lastID, dropped, WaitWords(wait), attempt, maxResume)
		capped = ""
		if wait == s.cfg.MaxRetry {
			capped = retryAsked(retryField, s.cfg.MaxRetry)
		}
		if capped != "" {
			detail += ": " + cappedWaiting(capped, s.cfg.MaxRetry)
		}
		s.emit(Record{Kind: KindState, State: &StateChange{State: StateResuming, Conn: gen, Transport: t.name(), Detail: detail, RetryAsked: capped, WaitMS: wait.Milliseconds()}})
		const ended = "the request ended while its stream waited to be resumed"
		if !sleepCtx(ctx, wait) {
			s.notResumed(m, gen, t.name(), ended)
			return ctx.Err()
		}
		if !s.waiting(m.id) {
			// It timed out meanwhile, and said so.
			s.notResumed(m, gen, t.name(), ended)
			return nil
		}
		if err := t.resumable(m.id, lastID, gen); err != nil {
			why := "its session expired meanwhile"
			if _, replaced := err.(replacedError); replaced {
				why = "a new session replaced the one it was sent in"
			}
			s.notResumed(m, gen, t.name(), why)
			return err
		}
		next, err := t.get(ctx, PurposeResume, lastID, m.seq, gen)
		if err != nil {
			if ctx.Err() != nil {
				s.notResumed(m, gen, t.name(), ended)
				return ctx.Err()
			}
			s.notResumed(m, gen, t.name(), "the GET resuming it failed (the request's error says how)")
			we := &WireError{Cause: CauseResumeFailed, Transport: t.name(), Purpose: PurposeResume, Err: err,
				Message: fmt.Sprintf("request %s: could not resume its stream after event %s: %v", m.named(), lastID, err) + cappedSaid(capped, s.cfg.MaxRetry)}
			if prev, ok := err.(*WireError); ok {
				we.takeAnswer(prev)
				if prev.Cause == CauseSessionExpired || prev.Cause == CauseSessionNotKept {
					// What the user must do is start a new session, not
					// try the request again on this one.
					we.Cause = prev.Cause
				}
			}
			return we
		}
		s.emit(Record{Kind: KindState, State: &StateChange{State: StateResumed, Conn: gen, Transport: t.name(),
			Detail: fmt.Sprintf("request %s: resumed after %s from event %s (resume %d)", m.named(), wait, lastID, resumes)}})
		note = &resumeNote{after: lastID, capped: capped}
		m.p.resumed.Store(note)
		body = newCountedBody(next)
		in.resumed = true
	}
}

// notResumed says the stream of request m, which a "resuming" state said
// would be resumed, was not, and why: the request ended (cancelled, timed
// out) while it waited, its session went, or the GET failed. Without it
// "resuming in 30s" stayed the newest word of the stream. Nothing is said
// once the session is closing: its own "closed" is its last record.
func (s *Session) notResumed(m *outgoing, gen int, transport, why string) {
	if s.life.Err() != nil {
		return
	}
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateNotResumed, Conn: gen, Transport: transport,
		Detail: fmt.Sprintf("request %s: not resumed: %s", m.named(), why)}})
}

// countedBody counts what was read of a response stream (countedReader),
// to tell an end its Content-Length made from one the server made.
type countedBody struct {
	countedReader
	io.Closer
	length int64
}

// newCountedBody counts what is read of resp's body.
func newCountedBody(resp *http.Response) *countedBody {
	return &countedBody{countedReader: countedReader{r: resp.Body}, Closer: resp.Body, length: resp.ContentLength}
}

// resumable checks, before a response stream of session gen is resumed,
// that the session is still the one in use: a GET sent without its id (the
// server said it no longer knows it) or with a newer session's would be
// refused for that, hiding why the answer was lost. A session replaced
// meanwhile was replaced by mcpscope (r, or an initialize typed), which
// ended the old one and with it the stream: the request ended with its
// session (replacedError), where it read "✗ failed", an error counted, for
// the user's own reconnect.
func (t *streamable) resumable(reqID, lastID string, gen int) error {
	id, _, cur, _ := t.session()
	switch {
	case cur != gen:
		return replacedError{fmt.Sprintf("closed by mcpscope: request %s's stream dropped after event %s as a new session replaced the one it was sent in (a reconnect, or an initialize), so it was not resumed; send it again in the new session", reqID, lastID)}
	case id == "" && t.expiredID() != "":
		return &WireError{Cause: CauseSessionExpired, Transport: t.name(), Purpose: PurposeResume,
			Message: fmt.Sprintf("request %s: its stream dropped after event %s, and session %s expired meanwhile (the server no longer knows it): not resumed", reqID, lastID, clip.Quote(t.expiredID(), 64))}
	}
	return nil
}
