package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"
)

// The 2026 listen stream (step 3 of stateless.go): the long-lived
// subscriptions/listen request that carries list changes and resource
// updates, reopened when it drops, and the subscriptions that ride on it.

// listenParams subscribe to every list change and to the resources the
// user subscribed to (in 2026 a resource subscription is part of the listen
// request, not a request of its own).
func (s *Session) listenParams() json.RawMessage {
	s.mu.Lock()
	uris := slices.Sorted(maps.Keys(s.subscribed))
	s.mu.Unlock()
	n := map[string]any{"toolsListChanged": true, "resourcesListChanged": true, "promptsListChanged": true}
	if len(uris) > 0 {
		n["resourceSubscriptions"] = uris
	}
	b, _ := json.Marshal(map[string]any{"notifications": n})
	return b
}

// Subscribe asks for notifications/resources/updated of uri: with
// resources/subscribe in the 2025 eras; in 2026 by opening the listen
// stream again with the uri among its resourceSubscriptions, and waiting
// for the server to acknowledge it (an error says it left the uri out, the
// stream failed first, or no acknowledgement came within the request
// timeout, which leaves the subscription as asked). Unsubscribe undoes it.
func (s *Session) Subscribe(ctx context.Context, uri string) (*Response, error) {
	return s.subscription(ctx, uri, true)
}

// Unsubscribe stops notifications of uri (see Subscribe).
func (s *Session) Unsubscribe(ctx context.Context, uri string) (*Response, error) {
	return s.subscription(ctx, uri, false)
}

func (s *Session) subscription(ctx context.Context, uri string, on bool) (*Response, error) {
	s.mu.Lock()
	t, modern := modernOf(s.tr)
	if modern {
		if on {
			s.subscribed[uri] = true
		} else {
			delete(s.subscribed, uri)
		}
	}
	s.mu.Unlock()
	if modern {
		if !on || s.cfg.NoListen {
			t.startListen() // the new stream replaces the old one
			return nil, nil
		}
		// Asked before the stream opens, so its acknowledgement is seen.
		w := s.acks.wait(uri)
		t.startListen()
		return nil, s.awaitSubscribed(ctx, w)
	}
	method := "resources/unsubscribe"
	if on {
		method = "resources/subscribe"
	}
	params, _ := json.Marshal(map[string]string{"uri": uri})
	return Checked(s.Request(ctx, method, params))
}

// startListen opens the listen stream in the background (step 3). With
// NoListen it opens none, and says which resources are subscribed to all
// the same, so the log can offer them to unsubscribe.
func (t *streamable) startListen() {
	s := t.s
	if s.cfg.NoListen {
		s.mu.Lock()
		uris := slices.Sorted(maps.Keys(s.subscribed))
		s.mu.Unlock()
		st := streamState(StateListen, 0, TransportStateless, "not opened, as asked", true)
		if uris == nil {
			uris = []string{}
		}
		st.State.Subscriptions = &uris
		s.emit(st)
		return
	}
	t.runStream(t.listenLoop)
}

// listenReadyWait bounds how long AwaitListen waits for the listen
// stream's acknowledgement: longer than the GET stream's answer is waited
// for (getReadyWait), as the acknowledgement is an event on the stream,
// after its headers.
const listenReadyWait = 2 * time.Second

// AwaitListen waits, at most listenReadyWait, until the 2026 session's
// listen stream was acknowledged, or ended with what became of it logged
// (or ctx ends), so that what the next request sets off (a list_changed)
// is not sent by the server before it knows the stream: a command line
// that will linger for notifications calls it before its first request.
// Other eras return at once: the handshake already waited for their GET
// stream (initialized), and a legacy SSE session's stream is open before
// it begins. So does a session with NoListen, which opens no stream.
//
// It returns, when the wait (this one, or the handshake's for the GET
// stream) ended with the stream still not up, what was not: the server may
// have sent notifications before it was, to no stream. It returns "" when
// the stream was up, or when ctx or the session ended the wait.
func (s *Session) AwaitListen(ctx context.Context) (late string) {
	s.mu.Lock()
	t, _ := s.tr.(*streamable)
	s.mu.Unlock()
	if t == nil {
		return ""
	}
	if !t.modern {
		if t.getUnanswered() {
			return fmt.Sprintf("the server did not answer the GET that opens its stream within %s", getReadyWait)
		}
		return ""
	}
	if s.cfg.NoListen {
		return ""
	}
	wait := time.NewTimer(listenReadyWait)
	defer wait.Stop()
	select {
	case <-s.acks.settled():
	case <-s.life.Done():
	case <-ctx.Done():
	case <-wait.C:
		return fmt.Sprintf("the server did not acknowledge the listen stream within %s", listenReadyWait)
	}
	return ""
}

// ListenKeptFailing begins the words of the listen stream given up after
// its reopenings failed in a row (a state "listen", over): a screen says
// that give-up on its status line.
const ListenKeptFailing = "the listen stream kept failing"

// listenServed is how long a listen stream must have stayed open to count
// as served rather than failed when it ends: longer than a refusal or a
// crash takes, shorter than the request limits of serverless platforms.
const listenServed = time.Second

// listenLoop keeps the listen stream open: a request whose answer is a
// stream that does not end. When it drops it is opened again, each time
// said, at the pace every stream's reopenings keep (reconnectPace): the
// server's retry field first, held to the floor and the cap, then a
// doubling wait; autoReconnects failures in a row end the attempts. A
// stream that was served starts the pace over.
func (t *streamable) listenLoop(ctx context.Context) {
	s := t.s
	// A stream's end settles the wait for it (AwaitListen) once what
	// became of it is logged.
	gaveUp := func(detail string) {
		s.emit(streamState(StateListen, 0, TransportStateless, detail, true))
		s.acks.settle()
	}
	// A reopening after a stream that failed is marked so (Auto), as the
	// GET stream's tries are: a screen says the tries while they run,
	// which the words alone would have it guess. One after a stream that
	// was served is routine (a serverless platform ends each request
	// after a while), no try to warn of.
	reopening := func(detail string, wait time.Duration, served bool) {
		r := streamState(StateListen, 0, TransportStateless, detail, false)
		r.State.Auto, r.State.Reopen, r.State.WaitMS = !served, true, wait.Milliseconds()
		s.emit(r)
		s.acks.settle()
	}
	pace := s.reconnectPace()
	if s.cfg.ReconnectDelay <= 0 {
		// A listen stream that ended is reopened after EventSource's
		// default wait, as the GET stream is after it ends.
		pace.base = defaultRetry
	}
	// retry is what the streams' retry fields asked for: EventSource
	// keeps it across streams.
	var retry serverRetry
	var wait time.Duration
	failures := 0
	for ctx.Err() == nil {
		opened := time.Now()
		acked, err := s.stream(ctx, ListenMethod, s.listenParams(), StreamListen, nil, &retry)
		if ctx.Err() != nil {
			return
		}
		served := time.Since(opened) >= listenServed && !listenRefused(err) && acked
		if served {
			// It was served: a platform that ends every request after a
			// few seconds ends this one too, and that is no failure to
			// back off from or to give up over. One the server never
			// acknowledged (it acknowledged only subscriptions that are
			// not ours, or sent keep-alives alone) served nothing,
			// however long it stayed open: reopened every few seconds
			// for good, it filled the log with listen rows.
			failures = 0
		}
		failures++
		why := "the server ended it"
		if err != nil {
			why = err.Error()
		}
		ended := listenEnded(err, why)
		if rpcErr := (*RPCError)(nil); errors.As(err, &rpcErr) && refusedForGood(rpcErr.Code) {
			// Asking again would be refused again, every time.
			gaveUp(why + "; not reopened")
			return
		}
		if we := (*WireError)(nil); errors.As(err, &we) && listenNotRouted(we.Status) {
			// A status alone saying the server does not serve this
			// request here (no route, POST not allowed for it, not
			// implemented) is answered again to every attempt, as a
			// -32601 is.
			gaveUp("the server refused subscriptions/listen: " + why + "; not reopened")
			return
		}
		if we := (*WireError)(nil); errors.As(err, &we) && (we.Cause == CauseBadContentType && we.Status < 300 || we.Cause == CauseListenAnswered) {
			// Taken, and answered with something that is no stream (an
			// HTML page, or a result with no acknowledgement before it):
			// the server does not serve listen here, and asking again
			// gets the same answer, as the GET stream's loop gives up on
			// such an answer too. Five more rows of the same "ok" said
			// nothing new.
			gaveUp(why + "; not reopened")
			return
		}
		if failures > autoReconnects {
			// Said as the legacy stream's reconnects say it: the attempts
			// were "n of 5", the stream's first end no attempt. "Could
			// not be reopened" was wrong of a stream reopened each time
			// that the server took and ended unserved.
			gaveUp(fmt.Sprintf("%s: mcpscope stopped reopening it after %d attempts (the last: %s)", ListenKeptFailing, autoReconnects, why))
			return
		}
		words := ""
		if failures == 1 {
			wait, words = pace.first(retry, opened, time.Now())
		} else {
			wait, words = pace.after(failures-1, wait)
		}
		wait, words = pace.heed(err, wait, words)
		reopening(fmt.Sprintf("%s; reopening %s, attempt %d of %d%s", ended, WaitWords(wait), failures, autoReconnects, words), wait, served)
		if !sleepCtx(ctx, wait) {
			return
		}
	}
}

// listenEnded says a listen stream ended, and why, once: where the wire's
// words are already the stream's end ("the listen stream of request 3
// ended before …", "the server ended the … stream gracefully") wrapping
// them in "the listen stream ended (…)" said it twice.
func listenEnded(err error, why string) string {
	if we := (*WireError)(nil); errors.As(err, &we) && (we.Cause == CauseStreamEnded || we.Cause == CauseNoResponse) {
		return why
	}
	return "the listen stream ended (" + why + ")"
}

// listenRefused reports a listen stream that ended with a refusal (an
// HTTP error status or a JSON-RPC error) rather than being served: however
// slow the refusal was to come, the stream never opened, and a server
// refusing every listen after a second must still meet the growing delay
// and the end of the attempts, not be asked every two seconds for good.
func listenRefused(err error) bool {
	var rpcErr *RPCError
	var we *WireError
	return errors.As(err, &rpcErr) || errors.As(err, &we) && we.Status >= 400
}

// listenNotRouted reports a status that says the server serves no
// subscriptions/listen at the URL that serves its other requests: 404,
// 405 or 501.
func listenNotRouted(status int) bool {
	return status == http.StatusNotFound || status == http.StatusMethodNotAllowed || status == http.StatusNotImplemented
}

// refusedForGood reports a JSON-RPC error that says the request itself is
// wrong here (no such method, bad params or headers, a version or
// capability the server lacks): sent again, it is refused again. Any other
// (an internal error, a server's own code) may pass.
func refusedForGood(code int) bool {
	switch code {
	case CodeInvalidRequest, CodeMethodNotFound, CodeInvalidParams, CodeHeaderMismatch, CodeMissingCapability, CodeUnsupportedVersion:
		return true
	}
	return false
}

// notAcknowledged is said of a listen stream that ended unacknowledged.
const notAcknowledged = "; the server had not acknowledged it (no " + AckMethod + " for it came)"

// stream sends a request whose answer is a long-lived stream: it is logged
// and paired like any request, but no timeout applies, and it returns when
// the stream ends, with why, and whether a listen stream was
// acknowledged before it ended. opened, when not nil, is told the request's
// Seq once a listen stream's acknowledgement can be waited for: only the
// user's own listen stream (Listen) has one, so its request is marked
// UserStream. retry, when not nil, keeps what the stream's retry fields
// asked for.
func (s *Session) stream(ctx context.Context, method string, params json.RawMessage, label string, opened func(seq int64), retry *serverRetry) (acked bool, err error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return false, ErrClosed
	}
	tr := s.tr
	s.nextID++
	id := fmt.Sprint(s.nextID)
	params, header := tr.prepare(method, params)
	body := encodeMessage(id, method, params)
	p := &pending{conn: s.conn, method: method, done: make(chan result, 1)}
	p.seq = s.emit(Record{Kind: KindSent, RPC: &RPCMessage{Dir: DirOut, Class: ClassRequest, ID: id, Method: method, Conn: s.conn, UserStream: opened != nil, Raw: Raw(body)}})
	s.pairs.add(id, p)
	s.mu.Unlock()
	if label == StreamListen {
		s.acks.opened(p.seq, id, params)
	}
	if opened != nil {
		opened(p.seq)
	}
	err = tr.send(ctx, &outgoing{class: ClassRequest, method: method, body: body, seq: p.seq, p: p, id: id, header: header, stream: label, retry: retry})
	acked = label == StreamListen && s.acks.wasAcknowledged(p.seq)
	var answered *Response
	select {
	case r := <-p.done:
		answered = r.resp
	default:
	}
	var we *WireError
	switch {
	case err != nil && label == StreamListen && !acked && ctx.Err() == nil && errors.As(err, &we) && (we.Cause == CauseNoResponse || we.Cause == CauseStreamEnded):
		// A listen stream is never answered: what matters of its end is
		// that the server had not taken it yet.
		we.Message += notAcknowledged
	case err != nil:
	case answered != nil && answered.Error != nil:
		err = &WireError{Cause: CauseStreamEnded, Transport: TransportStateless, Err: answered.Error,
			Message: "the server refused " + method + ": " + answered.Error.Error()}
	case answered != nil && acked:
		// 2026: a result to an acknowledged listen is how a server ends
		// the subscription gracefully (its shutdown, say).
		err = &WireError{Cause: CauseStreamEnded, Transport: TransportStateless,
			Message: "the server ended the " + method + " stream gracefully (its result to the request)"}
	case answered != nil:
		// Not a stream that broke: the server answered, wrongly, and
		// asking again gets the same answer.
		err = &WireError{Cause: CauseListenAnswered, Transport: TransportStateless,
			Message: "the server answered " + method + " with a result instead of keeping its stream open"}
	case label == StreamListen && !acked:
		err = &WireError{Cause: CauseStreamEnded, Transport: TransportStateless, Message: "the " + method + " stream ended" + notAcknowledged}
	default:
		err = &WireError{Cause: CauseStreamEnded, Transport: TransportStateless, Message: "the " + method + " stream ended"}
	}
	op := OpStream
	if ctx.Err() != nil {
		op, err = OpCancelled, ctx.Err()
		if errors.Is(context.Cause(ctx), errReplaced) && label == StreamListen {
			// Subscribing opens the listen stream again: the old row
			// read "cancelled here", as if the user had stopped it.
			err = replacedError{"closed by mcpscope: a new listen stream replaced it, carrying the subscriptions as they are now"}
		}
	}
	if label == StreamListen {
		s.acks.closed(p.seq, err, ctx.Err() != nil)
	}
	s.abandon(id, p, op, err)
	return acked, err
}
