package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// legacy is the HTTP+SSE transport (protocol 2024-11-05), step by step:
//
//  1. GET {base}/sse with Accept: text/event-stream (an HTTP record, purpose
//     "stream"; the status and headers as they came).
//  2. The first event, `endpoint`, carries the URI to POST to; it is resolved
//     against the GET's URL and must stay on the user's origin (an endpoint
//     record keeps the raw data, the preferred URL and the canonical
//     fallback {base}/sse?sessionid=<id>).
//  3. Each message is POSTed as JSON (a sent record, then an HTTP record
//     with purpose "post"); success is 202 and the body does not matter.
//  4. The answer arrives later on the stream as `event: message` (an event
//     record, then a received record paired with its request by id). It can
//     come before the 202 does.
type legacy struct {
	s      *Session
	stream *url.URL // the URL to GET
	// quiet is set while detection probes with this transport: a failure
	// is a verdict of the probe, logged by detection, not an error.
	quiet bool

	mu       sync.Mutex
	current  *connection
	endpoint *Endpoint // nil until the current connection negotiated one
	// ended is why the current connection's stream ended after it
	// negotiated, taking the endpoint with it: what a message sent then
	// is told, rather than that there never was one.
	ended    *WireError
	cancel   context.CancelFunc // ends the current stream
	everOpen bool               // some connection negotiated a session
	// switches counts the later endpoint events that named another
	// session: a handshake that saw it change did not initialize the
	// session now in use (finishHandshake).
	switches int
	protocol string      // sent as MCP-Protocol-Version (negotiated)
	empty    emptyEnds   // connections in a row that ended with nothing new said
	retry    serverRetry // the last retry field a stream carried: the reconnects' wait
	again    repeats     // the messages of the current connection, and of the one before
	// deciding is held by the POST that found the preferred URL refusing
	// and tries the alternatives (legacy_post.go); POSTs wait for it.
	deciding chan struct{}
	// trying is the alternative URL of tryingFor that the decision under
	// way is trying now, for answers and notifications that cannot wait
	// for its status (tryingWhy is the reason to keep it if it works);
	// tryingMoved is closed when it changes.
	trying      string
	tryingWhy   string
	tryingFor   *Endpoint
	tryingMoved chan struct{}
}

// connection is one stream connection: a GET and the session it negotiated.
type connection struct {
	n         int
	started   time.Time
	url       *url.URL      // where the GET ended up, after redirects
	ready     chan struct{} // closed once the endpoint is known or the stream ended
	readyOnce sync.Once
	// replaced is closed when a later connection takes this one's place:
	// the reconnects of its own that follow this one's end stop at once
	// when it is the user's (r) that did.
	replaced chan struct{}
	in       inbound
	// Under legacy.mu:
	endpoint *Endpoint // this connection's negotiation result
	err      error     // why it ended before an endpoint
	replaces bool      // an earlier connection had a session: this one is a new session
	said     bool      // a message came on the stream after the endpoint
	// pending is how much of an event had come without ending: a wait
	// for the endpoint event that runs out with one begun is not a
	// stream that said nothing.
	pending unfinishedAnswer
	// blocks counts the blocks (comment lines, events) that came on the
	// stream other than an endpoint event: a wait for the endpoint that
	// runs out after some came was on a stream the server kept feeding,
	// not one a proxy held back.
	blocks atomic.Int64
	// headBegan says the first byte of the GET's answer came: a wait
	// for the endpoint that runs out before the stream opened, with it
	// set, met a status line and headers that never ended.
	headBegan atomic.Bool
}

// getHeadStalled says what a wait for the endpoint met when the GET's
// answer began and never got past its headers: the wait's error and
// detection's verdict on the probe say it alike.
const getHeadStalled = "the GET's answer began, but its status line and headers never ended"

func (c *connection) markReady() { c.readyOnce.Do(func() { close(c.ready) }) }

func newLegacy(s *Session, stream *url.URL) *legacy {
	return &legacy{s: s, stream: stream, deciding: make(chan struct{}, 1)}
}

func (l *legacy) name() string { return TransportSSE }

func (l *legacy) url() string { return l.stream.String() }

func (l *legacy) currentEndpoint() *Endpoint {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.endpoint == nil {
		return nil
	}
	ep := *l.endpoint
	return &ep
}

func (l *legacy) ready() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.endpoint == nil {
		return l.noEndpointLocked()
	}
	return nil
}

// noEndpointLocked is why nothing can be posted now: the stream has not
// sent its endpoint yet, or it ended and took the endpoint with it.
func (l *legacy) noEndpointLocked() *WireError {
	if e := l.ended; e != nil {
		// Not connected, and a reconnect is the way on; unless the stream
		// could not be read, which a reconnect would read again.
		cause := CauseNotConnected
		if e.Cause == CauseBadHTTP || e.Cause == CauseEventTooLarge {
			cause = e.Cause
		}
		// Reconnecting is the session's own word that the stream is
		// being reopened: a screen reading it from its log may not
		// have that record yet.
		return &WireError{Cause: cause, Transport: TransportSSE, Purpose: PurposeStream, Err: e.Err, Reconnecting: e.Reconnecting,
			Message: "not connected: the stream that named the endpoint ended (" + e.Message + ")"}
	}
	return errNoEndpoint()
}

// errNoEndpoint is why nothing can be posted before the endpoint event.
func errNoEndpoint() *WireError {
	return &WireError{Cause: CauseNotConnected, Transport: TransportSSE, Message: "not connected: the stream has no endpoint"}
}

func (l *legacy) open(ctx context.Context) error {
	_, err := l.connect(ctx, "", nil)
	return err
}

func (l *legacy) reconnect(ctx context.Context) error {
	_, err := l.connect(ctx, "requested", nil)
	return err
}

// replacedSince reports whether a connection other than c has taken its
// place: one the user asked for, as the reconnects of its own follow from
// the connection they last opened.
func (l *legacy) replacedSince(c *connection) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.current != c
}

func (l *legacy) beforeInitialize() {}

func (l *legacy) prepare(_ string, params json.RawMessage) (json.RawMessage, http.Header) {
	return params, nil
}

func (l *legacy) initialized(context.Context) error { return nil }

func (l *legacy) close() {
	l.mu.Lock()
	cancel := l.cancel
	l.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// connect opens a new stream connection and returns it. why is empty for
// the first connection and says what caused a later one. after is nil
// unless this is one of the reconnects mcpscope does on its own
// (StateChange.Auto), when it is the connection they follow from.
func (l *legacy) connect(ctx context.Context, why string, after *connection) (*connection, error) {
	s := l.s
	c, streamCtx, cancel, err := l.begin(after)
	if err != nil {
		return nil, err
	}
	state := StateConnecting
	if why != "" {
		state = StateReconnecting
	}
	s.emit(Record{Kind: KindState, State: &StateChange{State: state, Conn: c.n, Detail: why, URL: l.stream.String(), Transport: TransportSSE, Auto: after != nil}})

	// The wait for the endpoint starts before the GET: a server that takes
	// the connection and never answers must not hold Connect forever, and
	// neither must a caller that gave up.
	var timedOut atomic.Bool
	timer := time.AfterFunc(s.cfg.EndpointTimeout, func() { timedOut.Store(true); cancel() })
	defer timer.Stop()
	stopWatch := context.AfterFunc(ctx, cancel)
	defer stopWatch()
	opened := false // the GET's answer came whole: the stream is open
	fail := func(err error) (*connection, error) {
		cancel()
		switch {
		case timedOut.Load():
			msg := fmt.Sprintf("no endpoint event within %s from %s", DurationText(s.cfg.EndpointTimeout), l.stream)
			// Whole blocks that came say no proxy held the stream back:
			// the advice for that (CauseEndpointNotSent) is not a
			// buffering proxy's.
			cause, met := CauseEndpointTimeout, ""
			if n := c.pending.n.Load(); n > 0 && c.pending.comment.Load() {
				// A comment line is no event: "an event had begun" sent
				// the reader looking for an endpoint event cut short.
				msg += ": " + CommentOnly(n)
				// Keep-alives on an open stream: no wrong port and
				// no proxy holding an event back.
				met = MetTaken
			} else if n > 0 {
				msg += ": an event had begun (" + byteCount(n) + " came) and not ended"
				met = MetStalled
			} else if n := c.blocks.Load(); n == 1 {
				msg += ": the stream was open and the server sent 1 block on it (a comment or another event), not an endpoint event"
				cause = CauseEndpointNotSent
			} else if n > 1 {
				msg += fmt.Sprintf(": the stream was open and the server sent %d blocks on it (comments or other events), none of them an endpoint event", n)
				cause = CauseEndpointNotSent
			} else if !opened && c.headBegan.Load() {
				// A server dribbling its headers is no silent port.
				msg += ": " + getHeadStalled
				met = MetStalled
			}
			err = &WireError{Cause: cause, Transport: TransportSSE, Message: msg, Met: met}
			l.logError(OpNegotiate, err, c.n)
		case ctx.Err() != nil:
			err = ctx.Err()
		case l.replacedSince(c):
			// A later connect (the user's r) took this one's place
			// before it opened: said so, not "context canceled". One
			// that waited for its endpoint had no error at all, and
			// mcpscope crashed on it.
			err = errTakenOver
		case err == nil:
			err = ErrClosed // the session's close ended the wait
		}
		l.emitFailed(c, err)
		return c, err
	}

	resp, err := l.openStream(streamCtx, c)
	if err != nil {
		s.wg.Done()
		return fail(err)
	}
	opened = true
	go l.readStream(streamCtx, c, resp)
	select {
	case <-c.ready:
	case <-streamCtx.Done():
		return fail(nil)
	}
	l.mu.Lock()
	ep, cerr, taken := c.endpoint, c.err, l.current != c
	l.mu.Unlock()
	if ep == nil {
		if cerr == nil && taken {
			// Its stream's end, read first, came of the same take-over.
			return fail(nil)
		}
		if cerr == nil {
			cerr = &WireError{Cause: CauseNoEndpoint, Transport: TransportSSE, Message: "the stream ended before the endpoint event"}
		}
		cancel()
		return c, cerr
	}
	return c, nil
}

// begin makes a new connection the current one; when after is not nil,
// only if after still is. The session's lock and the transport's are held
// throughout, so that a reconnect the user asked for and an attempt of
// the reconnects of its own cannot interleave, the attempt replacing the
// stream the user's had just opened.
func (l *legacy) begin(after *connection) (*connection, context.Context, context.CancelFunc, error) {
	s := l.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, nil, nil, ErrClosed
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if after != nil && l.current != after {
		return nil, nil, nil, errTakenOver
	}
	s.conn++
	c := &connection{n: s.conn, started: s.cfg.Now(), ready: make(chan struct{}), replaced: make(chan struct{})}
	c.in = inbound{conn: c.n, stream: StreamLegacy, unfinished: &c.pending}
	s.initialized = false
	s.protocol = ""
	s.forgetToolsLocked() // a new session may offer other tools
	// Taken under the lock, after the closed check, so Close's Wait
	// cannot race with it; the reader (or a failed open) gives it back.
	s.wg.Add(1)

	streamCtx, cancel := context.WithCancel(s.life)
	if l.cancel != nil {
		l.cancel()
	}
	if l.current != nil {
		close(l.current.replaced)
	}
	c.replaces = l.everOpen
	l.cancel, l.current, l.endpoint, l.ended = cancel, c, nil, nil
	if after == nil {
		// A reconnect the user asked for starts over, as a new
		// EventSource does: the retry field of the session it replaces
		// does not pace the new one's reconnects. Those of its own keep
		// it, as EventSource's own do.
		l.retry = serverRetry{}
	}
	return c, streamCtx, cancel, nil
}

// errTakenOver is why a connection ended before it opened, or an attempt
// of the reconnects of its own did not start: a later reconnect (the
// user's) took the stream's place.
var errTakenOver = errors.New("a later reconnect took the stream's place")

// logError records a failure unless detection is probing, where the
// failure is the probe's verdict.
func (l *legacy) logError(op string, err error, conn int) {
	if !l.quiet {
		l.s.emitError(op, err, 0, conn)
	}
}

// emitFailed marks a connection that never opened as closed, so nothing
// goes on showing "connecting" after the attempt is over.
func (l *legacy) emitFailed(c *connection, err error) {
	l.s.emit(Record{Kind: KindState, State: &StateChange{State: StateClosed, Conn: c.n, Detail: "connection failed: " + err.Error()}})
}
