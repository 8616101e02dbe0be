package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// streamable is the streamable HTTP transport with sessions (protocol
// 2025-03-26 to 2025-11-25), step by step:
//
//  1. Every message is a POST to the one endpoint with Accept:
//     application/json, text/event-stream (an HTTP record, purpose "post").
//  2. A notification or our answer to a server request gets 202. A request
//     gets 200 with either application/json (one message: its received
//     record follows, stream "json") or text/event-stream: a stream of its
//     own (stream "response") carrying notifications, server requests and
//     finally the answer.
//  3. The initialize answer names the session in Mcp-Session-Id; every
//     later request carries it, and MCP-Protocol-Version: <negotiated>.
//  4. After initialize, a GET opens an optional stream for what the server
//     starts (stream "get"); 405 means the server offers none.
//  5. A response stream that ends before its answer is resumed: after the
//     retry delay, GET with Last-Event-ID (purpose "resume"), bounded, each
//     attempt a state record.
//  6. A 404 to a request carrying the session id means the session is gone
//     (a "session-expired" state): the next initialize starts a new one.
//  7. Close ends the session with DELETE unless it is to be kept.
type streamable struct {
	s        *Session
	endpoint *url.URL
	// modern is the 2026-07-28 era (stateless.go): no session, no GET
	// stream, no resumption; every request self-describing.
	modern bool

	mu        sync.Mutex
	quiet     bool   // detection is probing: a refused initialize is a verdict
	sessionID string // from the initialize answer
	protocol  string // sent as MCP-Protocol-Version once initialize chose it
	gen       int    // the Session's conn number of this session
	// getCancel ends the GET stream, or the 2026 listen stream: with nil
	// when mcpscope stops it, with errReplaced when a new one replaces it.
	getCancel context.CancelCauseFunc
	// known is set once the server answered 2xx to a request carrying
	// sessionID: a 404 before that means it never kept the session.
	known bool
	// expired is the session id the server last said it no longer knows,
	// until a new session is adopted: a message sent meanwhile would go
	// without an id and be refused for that, not for the real reason.
	expired string
	// expiredWhy is what expire said of expired: the server's status and
	// whether it had ever kept the session.
	expiredWhy string
	// emptyIDGen is the session whose initialize answer carried an empty
	// Mcp-Session-Id: a refusal for want of an id then names that.
	emptyIDGen int
	// trailerIDGen is the session whose initialize answer sent its
	// Mcp-Session-Id only in its trailer, for the same words.
	trailerIDGen int
	// asides counts the streams read aside (streamable_aside.go).
	asides atomic.Int32
	// getReady is closed once the server answered the GET the handshake
	// opened; nil while none was opened.
	getReady chan struct{}
	// noGet is why the server offers session noGetGen no GET stream (a
	// 405): a request answered 202 there has nowhere its answer can come.
	noGet    string
	noGetGen int
}

func newStreamable(s *Session, endpoint *url.URL) *streamable {
	return &streamable{s: s, endpoint: endpoint}
}

func (t *streamable) name() string {
	if t.modern {
		return TransportStateless
	}
	return TransportStreamable
}

func (t *streamable) url() string { return t.endpoint.String() }

func (t *streamable) setQuiet(q bool) {
	t.mu.Lock()
	t.quiet = q
	t.mu.Unlock()
}

func (t *streamable) ready() error { return nil }

// open initializes a session: on this transport that is how a connection
// begins. Like the legacy wait for the endpoint event, it is bounded by the
// connect timeout: a server that takes the connection and never answers
// must not hold Connect for a whole request timeout.
func (t *streamable) open(ctx context.Context) error {
	if t.modern {
		return t.openModern(ctx)
	}
	_, err := Checked(t.opening(ctx, "initialize", func(ctx context.Context) (*Response, error) {
		return t.s.InitializeWith(ctx, t.s.cfg.InitParams)
	}))
	return err
}

// opening sends the request that opens a session (initialize, or
// server/discover in 2026) within the endpoint timeout, and words running
// out of it as the connection timeout it is, naming the request.
func (t *streamable) opening(ctx context.Context, method string, send func(context.Context) (*Response, error)) (*Response, error) {
	timeout := t.s.cfg.EndpointTimeout
	octx, cancel := context.WithTimeout(asOpening(ctx), timeout)
	defer cancel()
	resp, err := send(octx)
	// The request's own wait is the same timeout: whichever of the two
	// ran out first, it is the connection's.
	var te *TimeoutError
	if err != nil && resp == nil && ctx.Err() == nil && (errors.As(err, &te) || errors.Is(octx.Err(), context.DeadlineExceeded)) {
		msg := fmt.Sprintf("no answer to %s within %s from %s", method, DurationText(timeout), t.endpoint)
		met := ""
		if te != nil {
			met = te.Met()
			// What came is the clue: a server that answered 200 and
			// sent only keep-alives, or began its headers and stalled,
			// is no silent port.
			msg += ": " + te.WhatCame()
		}
		err = &WireError{Cause: CauseConnectTimeout, Transport: t.name(), Purpose: PurposePost, Err: err, Message: msg, Met: met}
	}
	return resp, err
}

func (t *streamable) reconnect(ctx context.Context) error { return t.open(ctx) }

// beforeInitialize starts a new session: the old id is dropped, and with it
// the GET stream, so the server sees an initialize without a session.
func (t *streamable) beforeInitialize() {
	if t.modern {
		return
	}
	s := t.s
	s.mu.Lock()
	s.conn++
	gen := s.conn
	s.initialized, s.protocol = false, ""
	s.forgetToolsLocked()
	s.mu.Unlock()
	t.mu.Lock()
	old, oldProtocol, oldGen := t.sessionID, t.protocol, t.gen
	t.sessionID, t.protocol, t.gen = "", "", gen
	cancel := t.getCancel
	t.getCancel = nil
	t.mu.Unlock()
	if cancel != nil {
		cancel(nil)
	}
	// The session given up is ended, as quitting would, rather than left
	// for the server to keep until it expires.
	t.end(old, oldProtocol, oldGen)
	detail := ""
	if old != "" {
		detail = "a new session, replacing " + old
	}
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateConnecting, Conn: gen, Detail: detail,
		URL: t.endpoint.String(), Transport: t.name()}})
}

// negotiated keeps the version for the MCP-Protocol-Version header of
// every later request. A version no header can carry (a control byte) or
// that would weigh on every request is refused here, once: set as it came,
// every later request failed in net/http before it left, each time with a
// "connection failed" that blamed the network.
func (t *streamable) negotiated(protocol string) error {
	why := ""
	if c, bad := HeaderValueControl(protocol); bad {
		why = fmt.Sprintf("holds a control character (0x%02x), which no HTTP header can carry", c)
	} else if len(protocol) > maxSessionID {
		why = fmt.Sprintf("is %d bytes (mcpscope sends back at most %d)", len(protocol), maxSessionID)
	}
	t.mu.Lock()
	quiet, gen := t.quiet, t.gen
	if why == "" {
		t.protocol = protocol
	}
	t.mu.Unlock()
	if why == "" {
		return nil
	}
	err := &WireError{Cause: CauseBadVersion, Transport: t.name(), Purpose: PurposePost,
		Message: fmt.Sprintf("the initialize answer's protocolVersion %q %s: it cannot be sent as MCP-Protocol-Version on the requests that follow, so the session cannot be used", clip.Quote(protocol, 64), why)}
	if !quiet {
		// The record says the version was refused, which the answer
		// before it cannot: without it a recording (and the panes fed
		// from it) showed the refused version as the one in use.
		// Detection logs the failure it stops at itself.
		t.s.emitError(OpConnect, err, 0, gen)
	}
	return err
}

// getReadyWait bounds how long the handshake waits for the server to
// answer the GET that opens the stream for its messages.
const getReadyWait = time.Second

// initialized opens the GET stream, once the handshake is over, and waits
// (at most getReadyWait) until the server has answered it: a server may
// send its own requests (an elicitation, say) on the GET stream as soon as
// the next request comes in, and one that finds no GET stream open drops
// them (the TypeScript SDK without an event store does), so the next
// request must not race the GET. A cancelled ctx (the user gave up:
// ctrl+c in exec) ends the wait at once. A GET answered as a session the
// server no longer knows fails the handshake: the session it opened is
// gone before any request could use it.
func (t *streamable) initialized(ctx context.Context) error {
	t.mu.Lock()
	gen := t.gen
	t.mu.Unlock()
	s := t.s
	if s.cfg.NoGetStream {
		s.emit(streamState(StateGetStream, gen, "", "not opened, as asked", true))
		return nil
	}
	ready := make(chan struct{})
	t.mu.Lock()
	t.getReady = ready
	t.mu.Unlock()
	if !t.runStream(func(ctx context.Context) { t.getLoop(ctx, gen, ready) }) {
		return nil
	}
	wait := time.NewTimer(getReadyWait)
	defer wait.Stop()
	select {
	case <-ready:
	case <-wait.C:
	case <-ctx.Done():
	}
	t.mu.Lock()
	lost, why := t.gen == gen && t.sessionID == "" && t.expired != "", t.expiredWhy
	t.mu.Unlock()
	if lost {
		return &WireError{Cause: CauseSessionExpired, Transport: t.name(), Purpose: PurposeGet,
			Message: "the session initialize opened was lost at once: the GET stream for server messages, opened next, was refused: " + why + " (--no-get-stream connects without that stream)"}
	}
	return nil
}

// getUnanswered reports a GET stream the handshake opened that the server
// has not answered yet.
func (t *streamable) getUnanswered() bool {
	t.mu.Lock()
	ready := t.getReady
	t.mu.Unlock()
	if ready == nil {
		return false
	}
	select {
	case <-ready:
		return false
	default:
		return true
	}
}

// runStream runs the session's one long-lived stream loop (the GET stream,
// or the 2026 listen stream) in the background, ending the one before it;
// Close waits for it. It reports false when the session is closed and the
// loop was not started.
func (t *streamable) runStream(loop func(ctx context.Context)) bool {
	s := t.s
	ctx, cancel := context.WithCancelCause(s.life)
	t.mu.Lock()
	if t.getCancel != nil {
		// The stream in place ends because this one replaces it (a
		// listen stream opened again with the subscriptions as they are
		// now): its row says so, not that someone cancelled it.
		t.getCancel(errReplaced)
	}
	t.getCancel = cancel
	t.mu.Unlock()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		cancel(nil)
		return false
	}
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		loop(ctx)
	}()
	return true
}

// session returns what requests of the current session carry.
func (t *streamable) session() (id, protocol string, gen int, quiet bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sessionID, t.protocol, t.gen, t.quiet
}

// expiredID is the session id the server said it no longer knows, "" when
// a session is in use or none has expired.
func (t *streamable) expiredID() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.expired
}

// headers sets what every request of this transport carries.
func (t *streamable) headers(req *http.Request, id, protocol string) {
	if id != "" {
		req.Header.Set("Mcp-Session-Id", id)
	}
	if protocol != "" {
		req.Header.Set("MCP-Protocol-Version", protocol)
	}
}
