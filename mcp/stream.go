package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ConnectError is a failure to open the stream or to negotiate its endpoint.
type ConnectError struct {
	Message string
	Hint    string
	Err     error
}

func (e *ConnectError) Error() string {
	if e.Hint == "" {
		return e.Message
	}
	return e.Message + "\n  hint: " + e.Hint
}

func (e *ConnectError) Unwrap() error { return e.Err }

// connection is one stream connection: a GET and the session it negotiated.
type connection struct {
	n         int
	started   time.Time
	url       *url.URL      // where the GET ended up, after redirects
	ready     chan struct{} // closed once the endpoint is known or the stream ended
	readyOnce sync.Once
	// Under Session.mu:
	endpoint *Endpoint // this connection's negotiation result
	err      error     // why it ended before an endpoint
	replaces bool      // an earlier connection had a session: this one is a new session

	msgs slab[RPCMessage] // for the messages its reader receives
}

func (c *connection) markReady() { c.readyOnce.Do(func() { close(c.ready) }) }

// Connect opens the stream and waits for the endpoint event.
func (s *Session) Connect(ctx context.Context) error { return s.connect(ctx, "") }

// Reconnect drops the current stream and opens a new one. The server treats
// it as a new session that has not been initialized.
func (s *Session) Reconnect(ctx context.Context) error { return s.connect(ctx, "requested") }

// connect opens connection number n+1. why is empty for the first connection
// and says what caused a later one.
func (s *Session) connect(ctx context.Context, why string) error {
	if s.urlErr != nil {
		return &ConnectError{Message: s.urlErr.Error(), Err: s.urlErr}
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	if s.cancel != nil {
		s.cancel()
	}
	s.conn++
	c := &connection{n: s.conn, started: s.cfg.Now(), ready: make(chan struct{}), replaces: s.everOpen}
	streamCtx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.current = c
	s.endpoint = nil
	s.initialized = false
	s.tools = nil // a new session may offer other tools
	// Taken under the lock, after the closed check, so Close's Wait
	// cannot race with it; the reader (or a failed open) gives it back.
	s.wg.Add(1)
	s.mu.Unlock()

	state := StateConnecting
	if why != "" {
		state = StateReconnecting
	}
	s.emit(Record{Kind: KindState, State: &StateChange{State: state, Conn: c.n, Detail: why, URL: s.stream.String(), Transport: "sse"}})

	// The wait for the endpoint starts before the GET: a server that takes
	// the connection and never answers must not hold Connect forever, and
	// neither must a caller that gave up.
	var timedOut atomic.Bool
	timer := time.AfterFunc(s.cfg.EndpointTimeout, func() { timedOut.Store(true); cancel() })
	defer timer.Stop()
	stopWatch := context.AfterFunc(ctx, cancel)
	defer stopWatch()
	fail := func(err error) error {
		cancel()
		switch {
		case timedOut.Load():
			msg := fmt.Sprintf("no endpoint event within %s from %s", s.cfg.EndpointTimeout, s.stream)
			hint := "likely causes: a wrong path (gateways serve /sse), a proxy buffering the stream (disable buffering for text/event-stream), or missing auth (--bearer); raise the wait with --endpoint-timeout"
			s.emitError(OpNegotiate, msg, hint, 0, c.n)
			err = &ConnectError{Message: msg, Hint: hint}
		case ctx.Err() != nil:
			err = ctx.Err()
		}
		s.emitFailed(c, err)
		return err
	}

	resp, err := s.openStream(streamCtx, c)
	if err != nil {
		s.wg.Done()
		return fail(err)
	}
	go s.readStream(streamCtx, c, resp)
	select {
	case <-c.ready:
	case <-streamCtx.Done():
		return fail(nil)
	}
	s.mu.Lock()
	ep, cerr := c.endpoint, c.err
	s.mu.Unlock()
	if ep == nil {
		if cerr == nil {
			cerr = &ConnectError{Message: "the stream ended before the endpoint event"}
		}
		cancel()
		return cerr
	}
	return nil
}

// emitFailed marks a connection that never opened as closed, so nothing
// goes on showing "connecting" after the attempt is over.
func (s *Session) emitFailed(c *connection, err error) {
	msg := err.Error()
	var ce *ConnectError
	if errors.As(err, &ce) {
		msg = ce.Message
	}
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateClosed, Conn: c.n, Detail: "connection failed: " + msg}})
}

// openStream sends the GET and records its answer; only a 200 event stream
// comes back without an error.
func (s *Session) openStream(ctx context.Context, c *connection) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.stream.String(), nil)
	if err != nil {
		return nil, &ConnectError{Message: err.Error(), Err: err}
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Cache-Control", "no-cache")
	s.headers(req)
	ex := &HTTPExchange{Purpose: "stream", Method: http.MethodGet, URL: req.URL.String(), RequestHeaders: req.Header.Clone(), Conn: c.n}
	resp, err := s.client.Do(req)
	ex.Duration = s.cfg.Now().Sub(c.started)
	if err != nil {
		ex.Err = err.Error()
		s.emit(Record{Kind: KindHTTP, HTTP: ex})
		msg := fmt.Sprintf("cannot open the stream at %s: %v", s.stream, err)
		hint := "is the gateway running and listening there? (docker mcp gateway run --transport sse; default port 8811)"
		if ctx.Err() == nil {
			// A cancelled GET was given up on (the endpoint wait ran out,
			// or the caller left): the caller records why, and "is the
			// gateway running" would point the wrong way.
			s.emitError(OpConnect, msg, hint, 0, c.n)
		}
		return nil, &ConnectError{Message: msg, Hint: hint, Err: err}
	}
	ex.Status, ex.Headers = resp.StatusCode, resp.Header.Clone()
	c.url = resp.Request.URL
	if c.url.String() != ex.URL {
		// Redirected: the endpoint resolves against where the stream is.
		ex.URL = c.url.String()
	}
	ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if resp.StatusCode == http.StatusOK && ct == "text/event-stream" {
		s.emit(Record{Kind: KindHTTP, HTTP: ex})
		return resp, nil
	}
	ex.Body, ex.BodySize = readExcerpt(resp.Body)
	resp.Body.Close()
	s.emit(Record{Kind: KindHTTP, HTTP: ex})
	msg := fmt.Sprintf("GET %s answered %s", s.stream, resp.Status)
	if resp.StatusCode == http.StatusOK {
		msg = fmt.Sprintf("GET %s answered with Content-Type %q, not an event stream", s.stream, resp.Header.Get("Content-Type"))
	}
	if line := firstLine(string(ex.Body)); line != "" {
		msg += ": " + line
	}
	hint := statusHint(resp.StatusCode, resp.Header, "stream")
	s.emitError(OpConnect, msg, hint, 0, c.n)
	return nil, &ConnectError{Message: msg, Hint: hint}
}

// readStream parses the stream until it ends and records every event.
func (s *Session) readStream(ctx context.Context, c *connection, resp *http.Response) {
	defer s.wg.Done()
	defer resp.Body.Close()
	var tap *sseTap
	tap = &sseTap{r: resp.Body, conn: c.n, max: s.cfg.MaxEventSize, now: s.cfg.Now, deliver: func(ev *SSEEvent, dispatched bool) {
		s.handleEvent(c, ev, dispatched, tap.arrived)
	}, holding: func(on bool) {
		if on {
			s.out.hold()
		} else {
			s.out.release()
		}
	}}
	// The reader holds the emitter but for its waits on the network.
	s.out.hold()
	defer s.out.release()
	s.streamEnded(ctx, c, tap.run())
}

// handleEvent logs an event and acts on the ones that mean something to the
// session. A message event is logged together with the message it carries.
func (s *Session) handleEvent(c *connection, ev *SSEEvent, dispatched bool, at time.Time) {
	rec := Record{Time: at, Kind: KindEvent, Event: ev}
	switch {
	case dispatched && (ev.Name == "message" || ev.Name == ""):
		s.handleMessage(c, &rec, string(ev.Data), at)
	case dispatched && ev.Name == "endpoint":
		s.emit(rec)
		s.negotiate(c, string(ev.Data))
	default:
		s.emit(rec)
	}
}

func (s *Session) negotiate(c *connection, data string) {
	ep, err := ResolveEndpoint(c.url, data)
	if err != nil {
		s.mu.Lock()
		c.err = &ConnectError{Message: err.Error(), Hint: "the endpoint event must carry the URI to POST to, e.g. /sse?sessionid=ID"}
		s.mu.Unlock()
		s.emitError(OpNegotiate, err.Error(), "the endpoint event must carry the URI to POST to", 0, c.n)
		c.markReady()
		return
	}
	ep.Conn = c.n
	ep.Elapsed = s.cfg.Now().Sub(c.started)
	s.mu.Lock()
	// The state records go out under the lock with the endpoint, so they
	// come before anything the session does on it.
	s.emit(Record{Kind: KindEndpoint, Endpoint: ep})
	first := c.endpoint == nil
	c.endpoint = ep
	if s.current == c {
		s.endpoint = ep
		s.everOpen = true
		if first {
			s.emit(Record{Kind: KindState, State: &StateChange{State: StateOpen, Conn: c.n, Detail: "session " + ep.SessionID, URL: s.stream.String(), Transport: "sse"}})
			if c.replaces {
				s.emit(Record{Kind: KindState, State: &StateChange{State: StateSessionReplaced, Conn: c.n,
					Detail: "the new stream is a new session (" + ep.SessionID + ") that was never initialized: initialize again"}})
			}
		}
	}
	s.mu.Unlock()
	c.markReady()
}

// streamEnded records why the stream stopped, fails the requests that were
// waiting on it and, when configured, reconnects.
func (s *Session) streamEnded(ctx context.Context, c *connection, err error) {
	s.mu.Lock()
	current := s.current == c && !s.closed
	opened := c.endpoint != nil
	reason := "the server closed the stream"
	hint := "press r to reconnect (a new session that needs initialize)"
	switch {
	case ctx.Err() != nil:
		reason, hint = "mcpscope closed the stream (a reconnect or quit)", "send it again on the new session"
	case err != nil:
		reason = "the stream broke: " + err.Error()
		if strings.Contains(err.Error(), "token too long") {
			hint = "an event was larger than --max-event-size allows; raise it"
		}
	}
	if current && c.err == nil && c.endpoint == nil {
		c.err = &ConnectError{Message: reason + " before the endpoint event", Err: err}
	}
	var failed []*pending
	for id, p := range s.pending {
		if p.conn == c.n {
			delete(s.pending, id)
			s.abandoned[id] = p.seq
			failed = append(failed, p)
		}
	}
	if current {
		s.endpoint = nil
	}
	s.mu.Unlock()
	c.markReady()
	for _, p := range failed {
		s.emitError(OpStream, reason+" while "+p.method+" was waiting for its answer", hint, p.seq, c.n)
		p.finish(nil, &ConnectError{Message: reason, Hint: hint, Err: err})
	}
	if ctx.Err() != nil {
		return // we ended it: Close or Reconnect says so
	}
	if err != nil {
		s.emitError(OpStream, reason, hint, 0, c.n)
	}
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateClosed, Conn: c.n, Detail: reason}})
	if current && opened && s.cfg.Reconnect {
		s.wg.Add(1)
		go s.autoReconnect()
	}
}

// autoReconnect retries with backoff, like EventSource, a bounded number of
// times so a dead gateway does not mean an endless loop.
func (s *Session) autoReconnect() {
	defer s.wg.Done()
	delay := 500 * time.Millisecond
	for attempt := 1; attempt <= 5; attempt++ {
		s.mu.Lock()
		closed := s.closed
		s.mu.Unlock()
		if closed {
			return
		}
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-s.life.Done():
			t.Stop()
			return
		}
		err := s.connect(s.life, fmt.Sprintf("automatic, attempt %d of 5", attempt))
		if err == nil || errors.Is(err, ErrClosed) {
			return
		}
		delay *= 2
	}
}

// readExcerpt reads up to BodyLimit bytes and counts the rest.
func readExcerpt(r io.Reader) (Raw, int64) {
	b, _ := io.ReadAll(io.LimitReader(r, BodyLimit))
	n, _ := io.Copy(io.Discard, r)
	return Raw(b), int64(len(b)) + n
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
