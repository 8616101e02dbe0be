package mcp

import (
	"errors"
	"fmt"
	"net/url"
)

// negotiate resolves an endpoint event. The URI must stay on the user's
// origin (or one they allowed) and be http or https: a server pointing the
// POSTs elsewhere would take the user's credentials with them. A later
// endpoint event on the same stream that changes the target is held to the
// same rules, and a refused one leaves the earlier target in use.
func (l *legacy) negotiate(c *connection, ev *SSEEvent) {
	s := l.s
	ep, err := ResolveEndpointEvent(c.url, ev)
	if err == nil {
		target, _ := url.Parse(ep.Preferred)
		err = s.origins.check(target, "the endpoint event", CauseBadEndpoint)
	}
	if err != nil {
		var we *WireError
		if !errors.As(err, &we) {
			we = &WireError{Cause: CauseBadEndpoint, Message: err.Error(), Err: err}
		}
		we.Transport, we.Purpose = TransportSSE, PurposeStream
		l.mu.Lock()
		first := c.endpoint == nil
		if first {
			c.err = we
		}
		l.mu.Unlock()
		s.emitError(OpNegotiate, we, 0, c.n)
		if first {
			c.markReady()
		}
		return
	}
	ep.Conn = c.n
	ep.Elapsed = s.cfg.Now().Sub(c.started)
	l.mu.Lock()
	first := c.endpoint == nil
	if !first {
		// Elapsed says how long negotiating took; a later event on the
		// same stream does not make that slower.
		ep.Elapsed = c.endpoint.Elapsed
	}
	// The state records go out under the lock with the endpoint, so they
	// come before anything the session does on it.
	s.emit(Record{Kind: KindEndpoint, Endpoint: ep})
	switched := !first && ep.SessionID != c.endpoint.SessionID
	old := c.endpoint
	c.endpoint = ep
	if l.current == c {
		l.endpoint = ep
		if switched {
			// The POSTs follow the server to the session it named, which
			// nobody initialized: say so (the session learns it below,
			// as s.mu is never taken under l.mu).
			l.switches++
			s.emit(Record{Kind: KindState, State: &StateChange{State: StateSessionReplaced, Conn: c.n, SessionID: ep.SessionID, Transport: TransportSSE,
				Detail: "a later endpoint event on the same stream " + movedTo(old, ep, "which mcpscope has not initialized")}})
		}
		if first {
			s.emit(Record{Kind: KindState, State: &StateChange{State: StateOpen, Conn: c.n, Detail: "session " + ep.SessionID,
				URL: l.stream.String(), Transport: TransportSSE, SessionID: ep.SessionID}})
			if c.replaces {
				s.emit(Record{Kind: KindState, State: &StateChange{State: StateSessionReplaced, Conn: c.n,
					Detail: "the new stream is a new session (" + ep.SessionID + ") that was never initialized: initialize again"}})
			}
		}
		l.everOpen = true
	}
	switched = switched && l.current == c
	l.mu.Unlock()
	if switched {
		s.mu.Lock()
		s.initialized, s.protocol = false, ""
		s.forgetToolsLocked()
		s.mu.Unlock()
	}
	c.markReady()
}

// movedTo says an endpoint event moved the POSTs from one session's
// endpoint to another's, naming both, with what that left of the session
// between: the user sees where the session they initialized was, and
// where the one now in use is.
func movedTo(old, ep *Endpoint, left string) string {
	return fmt.Sprintf("named another session (%s, was %s), %s: POSTs go to %s now, not %s", orNone(ep.SessionID), orNone(old.SessionID), left, ep.Preferred, old.Preferred)
}

// handshakeMark is where a legacy session stood when an initialize went
// out: its connection, the endpoint in use and the switches so far.
type handshakeMark struct {
	c        *connection
	endpoint *Endpoint
	switches int
}

// markHandshake notes where the session stands as an initialize goes out.
func (l *legacy) markHandshake() handshakeMark {
	l.mu.Lock()
	defer l.mu.Unlock()
	return handshakeMark{c: l.current, endpoint: l.endpoint, switches: l.switches}
}

// finishHandshake runs done, under l.mu, when the session is still the one
// m marked, and returns nil; otherwise it runs nothing and says what
// changed. An endpoint event naming another session (or a new stream)
// between the initialize and the handshake's end leaves the POSTs on a
// session nobody initialized: recording it initialized would be false, and
// done runs under l.mu so no switch is recorded between the check and what
// done records. Called under s.mu (s.mu is never taken under l.mu).
func (l *legacy) finishHandshake(m handshakeMark, done func()) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.current != m.c:
		return errors.New("the stream was reconnected before the handshake ended: its new session was never initialized; run initialize again")
	case l.switches != m.switches && m.endpoint != nil && m.c.endpoint != nil:
		// The connection's own endpoint: the stream may have ended
		// since, taking the session's (l.endpoint) with it.
		now := m.c.endpoint
		return fmt.Errorf("before the handshake ended, an endpoint event %s, where initialize was answered; requests may be refused: run initialize again",
			movedTo(m.endpoint, now, "which was never initialized"))
	}
	if done != nil {
		done()
	}
	return nil
}

// orNone names a session id for a message, or says there is none.
func orNone(id string) string {
	if id == "" {
		return "no session id"
	}
	return id
}
