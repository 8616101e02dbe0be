package mcp

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"time"
)

// openStream sends the GET and records its answer; only a 200 event stream
// comes back without an error.
func (l *legacy) openStream(ctx context.Context, c *connection) (*http.Response, error) {
	s := l.s
	traced := httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{GotFirstResponseByte: func() { c.headBegan.Store(true) }})
	req, err := http.NewRequestWithContext(traced, http.MethodGet, l.stream.String(), nil)
	if err != nil {
		return nil, &WireError{Cause: CauseUnreachable, Message: err.Error(), Err: err}
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Cache-Control", "no-cache")
	l.headers(req)
	ex := &HTTPExchange{Purpose: PurposeStream, Conn: c.n}
	resp, err := s.do(req, ex)
	if err != nil {
		s.emitHTTP(ex)
		if ctx.Err() == nil {
			// A cancelled GET was given up on (the endpoint wait ran out,
			// or the caller left): the caller records why.
			err = withTransport(err, TransportSSE, PurposeStream)
			l.logError(OpConnect, err, c.n)
		}
		return nil, err
	}
	// The endpoint resolves against where the stream is, after redirects.
	c.url = resp.Request.URL
	we := s.eventStream(resp, ex, TransportSSE, l.stream.String())
	if we == nil {
		return resp, nil
	}
	l.logError(OpConnect, we, c.n)
	return nil, we
}

// readStream parses the stream until it ends and records every event.
func (l *legacy) readStream(ctx context.Context, c *connection, resp *http.Response) {
	defer l.s.wg.Done()
	defer resp.Body.Close()
	l.mu.Lock()
	if l.current == c {
		l.again.begin()
	}
	l.mu.Unlock()
	err := l.s.readEvents(resp.Body, &c.in, func(rec *Record, ev *SSEEvent) {
		if ev.Name == "endpoint" {
			l.s.emit(*rec)
			l.negotiate(c, ev)
			return
		}
		if len(ev.Data) > 0 {
			l.mu.Lock()
			c.said = true
			if l.current == c {
				l.again.add(string(ev.Data))
			}
			l.mu.Unlock()
		}
		l.s.messageEvent(&c.in, rec, ev)
	}, func(ev *SSEEvent) {
		if ev.Name != "endpoint" {
			c.blocks.Add(1)
		}
		if ev.Retry != "" {
			l.mu.Lock()
			if l.current == c {
				// A stream another replaced paces nothing.
				l.retry.read(ev.Retry, l.s.cfg.MaxRetry)
			}
			l.mu.Unlock()
		}
	})
	l.streamEnded(ctx, c, err)
}

// streamEnded records why the stream stopped, fails the requests that were
// waiting on it and, when configured, reconnects.
func (l *legacy) streamEnded(ctx context.Context, c *connection, err error) {
	s := l.s
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	l.mu.Lock()
	current := l.current == c && !closed
	opened := c.endpoint != nil
	reason := serverClosedStream
	cause := CauseStreamEnded
	switch {
	case ctx.Err() != nil:
		reason = "mcpscope closed the stream (a reconnect or quit)"
	case err != nil:
		reason = "the stream broke: " + brokeWords(err)
		if isTooLarge(err) {
			cause = CauseEventTooLarge
		}
		if badBody(err) != nil {
			// Reconnecting reads the same unreadable framing.
			cause = CauseBadHTTP
		}
	}
	we := &WireError{Cause: cause, Transport: TransportSSE, Purpose: PurposeStream, Message: reason, Err: err}
	if current && c.err == nil && c.endpoint == nil {
		// An event past the size limit, or a body that cannot be read, is
		// the cause even before the endpoint: the advice is to raise
		// --max-event-size or that the server is broken, not to run the
		// command again and look for another server at this path.
		early := CauseNoEndpoint
		if cause == CauseEventTooLarge || cause == CauseBadHTTP {
			early = cause
		}
		// The stream's error is the connection's failure, which
		// detection logs as well: in the same words they are one
		// problem (the Negotiation's, the export's), the whole of it
		// saying where it came.
		we.Message = reason + " before the endpoint event"
		c.err = &WireError{Cause: early, Transport: TransportSSE, Message: we.Message, Err: err}
	}
	if current {
		if l.endpoint != nil {
			l.ended = we
		}
		l.endpoint = nil
	}
	// A stream that ends with nothing said, soon after it negotiated, is
	// a server that would be reconnected to forever, a new session each
	// time: after maxResume of those in a row, no more on its own.
	// A stream greeting each new session with the same messages before
	// it ends says nothing new either, however long it took to: it
	// would be reconnected to, greeting and ending, for as long as
	// mcpscope runs.
	said, same := c.said, ""
	back := 0
	if current {
		back = l.again.same()
	}
	if back > 0 {
		said, same = false, ", having sent "+sameAs(back)
	}
	reconnect := current && opened && s.cfg.Reconnect && ctx.Err() == nil
	if reconnect {
		if n := l.empty.ended(c.started, s.cfg.Now(), said); n > maxResume {
			reconnect = false
			reason += fmt.Sprintf(", %s%s; mcpscope stopped reconnecting on its own", l.empty.words(), same)
			same = ""
		}
	}
	reason += same
	// Set under l.mu: we may be l.ended already, which others read.
	we.Reconnecting = reconnect
	detail, wait := reason, time.Duration(0)
	if reconnect {
		var words string
		wait, words = l.reconnectWait(c, s.cfg.Now())
		detail += words
	}
	l.mu.Unlock()
	c.markReady()
	s.failPending(c.n, OpStream, &WireError{Cause: cause, Transport: TransportSSE, Purpose: PurposeStream,
		Message: reason + " while a request was waiting for its answer", Err: err, Reconnecting: reconnect})
	if ctx.Err() != nil {
		return // we ended it: Close or Reconnect says so
	}
	if err != nil {
		s.emitError(OpStream, we, 0, c.n)
	}
	// Auto says, from this close on, that attempts follow: a stream that
	// ended cleanly has no error to say it, and the first attempt starts
	// only after ReconnectDelay, so the bar read "closed" until then.
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateClosed, Conn: c.n, Detail: detail, Auto: reconnect, ServerEnded: err == nil, WaitMS: wait.Milliseconds()}})
	if reconnect {
		s.wg.Add(1)
		go l.autoReconnect(c, wait)
	}
}
