package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// message is what the proxy reads of a client's message to route it and
// name the client. The Observer classifies and pairs it; this only peeks.
type message struct {
	method  string
	request bool // a method and an id: the session waits for its answer
	// text is the message as the proxy read it, decoded when the client
	// compressed it (see readable).
	text []byte
	// undecoded says why a body that names a Content-Encoding could not
	// be decoded, for the record; "" when it was, or names none.
	undecoded string
	// peek is the Observer's reading of text, handed on so the message
	// is read once (mcp.Observer.ClientMessagePeeked).
	peek mcp.ClientPeek
	// trail is the bytes after the message (or batch) the body begins
	// with, when more than it came (leadingMessage).
	trail []byte
}

// peek reads a single message's method, id and clientInfo; anything that
// is not JSON-RPC gives nothing, and is relayed all the same. It reads the
// message once, as the Observer reads it (mcp.PeekClient, members by
// their exact names), and keeps that reading for the Observer: {"ID":1}
// has no id, so the proxy does not wait for an answer to what the
// recording shows as a notification. A batch's request ids are read only
// where they are needed (requestIDs).
func peek(body []byte) message {
	pk, end := leadingMessage(body, mcp.PeekClient(body))
	m := message{text: body, peek: pk}
	if end > 0 {
		m.trail = body[end:]
	}
	if pk.Batch() {
		if end > 0 {
			// The Observer reads a batch's members from its text.
			m.text = body[:end]
		}
		return m
	}
	m.method, m.request = pk.Method(), isRequest(pk.Request(), pk.ID())
	return m
}

// client is the name and version the client gives for itself, from an
// initialize's clientInfo or a stateless request's _meta.
func (m message) client() (name, version string) {
	name, version, _ = m.peek.ClientInfo()
	return name, version
}

// requestIDs are the ids of the requests in the message or batch, as
// their text (as the pairing matches them): a stateless client's session
// is told apart by them (statelessSession). A batch's are read here, not
// by peek: only a stateless client's batch needs them, and 2026-07-28 has
// no batches, so any other client's batch is read once, by the Observer
// as it logs it.
func (m message) requestIDs() []string {
	switch {
	case m.peek.Batch():
		return batchIDs(bytes.TrimSpace(m.text))
	case m.request:
		return []string{string(m.peek.ID())}
	}
	return nil
}

// protocolOf is the protocol version a request names: its
// MCP-Protocol-Version header, else its stateless _meta.
func protocolOf(h http.Header, m message) string {
	if v := h.Get("MCP-Protocol-Version"); v != "" {
		return v
	}
	return m.peek.Protocol()
}

// stateless reports a request of the 2026-07-28 era: versions are dates,
// so they compare as strings. A request naming no version is of that era
// when it sends Mcp-Method, unless it is an initialize, which that era
// does not have: the TypeScript SDK (1.32; mcp-remote, the Inspector)
// sends Mcp-Method on every request, a 2025 initialize too. A value that
// is no date names no version: "zz" sorts after "2026" but says nothing
// of the era (upstream refuses it, and the client's initialize with it
// is still a 2025 client's).
func stateless(h http.Header, m message) bool {
	for _, v := range []string{h.Get("MCP-Protocol-Version"), m.peek.Protocol()} {
		if mcp.IsProtocolVersion(v) {
			return v >= "2026"
		}
	}
	return m.method != "initialize" && h.Get("Mcp-Method") != ""
}

// post routes a POST to its session, making one when it starts one.
func (p *Proxy) post(w http.ResponseWriter, r *http.Request) {
	body, m, ok := p.readMessage(w, r)
	if !ok {
		return
	}
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		// A 2026 request is its session's only when the session is open:
		// one look, since a second (sessionOf) after the session was
		// dropped between them made it a session "joined mid-way".
		var c *Client
		if stateless(r.Header, m) {
			c = p.openSession(sid, r)
		} else if c = p.sessionOf(sid, r); c == nil {
			p.full(w, r)
			return
		}
		if c != nil {
			p.streamablePost(w, r, body, m, c)
			return
		}
	}
	if c := p.legacyOf(r.URL); c != nil {
		p.legacyPost(w, r, body, m, c)
		return
	}
	if id, _ := mcp.SessionIDOf(r.URL); id != "" {
		// A POST to a legacy session whose stream the proxy never saw
		// (it started before the proxy did).
		p.mu.Lock()
		how, why := p.lateLegacyPost(id)
		p.mu.Unlock()
		c := p.newClient(mcp.TransportSSE, r, message{}, how)
		if c == nil {
			p.full(w, r)
			return
		}
		p.legacyPost(w, r, body, m, c)
		c.end(why)
		return
	}
	if stateless(r.Header, m) {
		p.statelessPost(w, r, body, m)
		return
	}
	p.streamablePost(w, r, body, m, nil)
}

// openSession is r's client's streamable session with this id open
// through the proxy, nil when it has none. A 2026-07-28 request naming one it has
// not is a stateless client's that sends an id anyway (2026 has no
// sessions): recorded as stateless, with its header relayed as it came,
// not as a 2025 session upstream opened before the proxy saw it. One
// naming a session it has is that session's, as history reads it.
func (p *Proxy) openSession(sid string, r *http.Request) *Client {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sessions[sessionKey(sid, r)]
}

// sessionOf is the streamable session with this id used by the client
// of r, or a new one for a session the proxy did not see begin (or another
// client's id); nil when there is no room for it.
func (p *Proxy) sessionOf(sid string, r *http.Request) *Client {
	joined, earlier, init := "", "", 0
	how := func() string {
		var how string
		how, joined, earlier, init = p.unknownSession(sid, r)
		return how
	}
	return p.keyed(p.sessions, sessionKey(sid, r), mcp.TransportStreamable, r, message{}, how, func(c *Client) { c.sessionID, c.joined, c.earlier, c.initIn = sid, joined, earlier, init })
}

// sessionKey files a streamable session under its id and the client using
// it (its host and User-Agent, as identity). The id is upstream's to give,
// and one id can reach several clients: a server that hands every client
// the same one, or a client that sends an id it was never given. Their
// requests are relayed as they are, but each client's go to a recording
// of its own, never into another client's.
func sessionKey(sid string, r *http.Request) string {
	return sid + "\x00" + senderOf(r)
}

// routeSession files session c under the id sid upstream gave it (an
// initialize's answer), so the client's requests with that id reach it,
// and makes sid the id c relays; it returns the session filed there
// before, if any.
func (p *Proxy) routeSession(sid string, r *http.Request, c *Client) (prev *Client) {
	key := sessionKey(sid, r)
	p.mu.Lock()
	prev, p.sessions[key] = p.sessions[key], c
	p.mu.Unlock()
	c.adopt(sid)
	return prev
}

// keyed finds the session under key in m, or makes, registers and starts
// one for request r (message msg), saying how it began by why (called with p.mu held); prepare readies
// a new one while it is made. It is nil when the
// proxy is at its cap and no session is idle.
func (p *Proxy) keyed(m map[string]*Client, key, transport string, r *http.Request, msg message, why func() string, prepare func(*Client)) *Client {
	p.mu.Lock()
	c := m[key]
	fresh := c == nil
	var evicted *Client
	how := ""
	if fresh {
		how = why()
		if c, evicted = p.makeClient(transport, r, msg); c != nil {
			if prepare != nil {
				prepare(c)
			}
			m[key] = c
		}
	}
	p.mu.Unlock()
	closeEvicted(evicted)
	if fresh && c != nil {
		p.start(c, r, how)
	}
	return c
}

// legacyOf is the legacy session whose endpoint u is: the exact URI the
// endpoint event gave, else the session id in its query.
func (p *Proxy) legacyOf(u *url.URL) *Client {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.legacy[u.RequestURI()]; c != nil {
		return c
	}
	if id, _ := mcp.SessionIDOf(u); id != "" {
		return p.legacy["id:"+id]
	}
	return nil
}

// identity groups requests that carry no session: the client's host, its
// User-Agent, the transport, the endpoint it posts to and (stateless) the
// clientInfo it names. Alike clients (two copies of one agent on one
// machine) differ in nothing else the wire shows but their endpoint: a
// client keeps to the one it was given, so one at /mcp is never filed with
// one at /stateless, nor ends its session by initializing.
func identity(transport string, r *http.Request, m message) string {
	name, version := m.client()
	return transport + "\x00" + hostOf(r.RemoteAddr) + "\x00" + r.Header.Get("User-Agent") + "\x00" + r.URL.Path + "\x00" + name + "\x00" + version
}

// readBody reads a client's message whole: it is what the session logs,
// and what says which session it belongs to. One larger than
// --max-event-size is refused with 413 and a text body saying so, and one
// the proxy has no room for among the bodies it holds (bodyRoom) with 503.
func (p *Proxy) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	// Stopping waits for every handler: a client that stops part way
	// through its body must not hold it up, so the proxy's end ends the
	// read, as exchange ends a blocked write.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(p.cfg.BodyTimeout))
	stop := context.AfterFunc(p.life, func() {
		_ = rc.SetReadDeadline(time.Now())
	})
	hold := &bodyHold{room: p.bodies, ctx: r.Context()}
	body, err := readLimited(r.Body, r.ContentLength, int64(p.cfg.MaxEventSize), hold)
	if err == nil {
		// The body is held until the request is done with (its answer
		// relayed, or its client gone): its room is given back then.
		context.AfterFunc(r.Context(), hold.release)
	}
	if stop() && err == nil {
		// Not stopping, and the body came whole: the deadline was the
		// body's alone, and the connection goes on (a stream's answer,
		// the next request). A body that did not is left with it, so
		// the server's reading of what remains of it before the answer
		// gives up at once rather than wait on the client.
		_ = rc.SetReadDeadline(time.Time{})
	}
	if err != nil && p.life.Err() != nil {
		// Neither the body's fault nor the budget's: the proxy stopped
		// while it came, or while it waited for room.
		http.Error(w, stoppingAnswer, http.StatusServiceUnavailable)
		why := "the proxy was stopping before its body was read whole; nothing was relayed"
		p.unread(r, http.StatusServiceUnavailable, fmt.Sprintf("the client's %s %s was refused with 503: %s", r.Method, shownID(r.URL.RequestURI()), why), why, "the proxy was stopping", RefusedStopping)
		return nil, false
	}
	if err == nil {
		return body, true
	}
	// What went wrong is said once: a timeout's or a broken body's Go
	// error ("i/o timeout", "unexpected EOF") only says again what the
	// words before it say; how much of the body came is what it adds.
	be := &bodyError{err: err, size: r.ContentLength}
	errors.As(err, &be)
	status, why, brief, answer := http.StatusBadRequest, "", "", ""
	reason := RefusedOther
	left := false // the client went away: nothing was refused to anyone
	switch ne := net.Error(nil); {
	case errors.As(err, &ne) && ne.Timeout():
		status, brief = http.StatusRequestTimeout, "its body came too slowly"
		// One wording of the wait for the log and the client (60s, as
		// --help writes it, not 1m0s to one of them).
		late := "body did not arrive whole within " + mcp.DurationText(p.cfg.BodyTimeout)
		why = "its " + late + " (" + be.came() + " came)"
		answer = "the request " + late + ": send the message whole, at once"
	case err == errTooLarge:
		status, brief = http.StatusRequestEntityTooLarge, "its body is over --max-event-size"
		why = fmt.Sprintf("its body is larger than --max-event-size (%d bytes)", p.cfg.MaxEventSize)
		answer = "the request body is larger than --max-event-size allows; raise it to relay this message"
	case err == errNoRoom && r.Context().Err() != nil:
		// Not the budget's fault, and no setting to change: the client
		// went away while its body waited for room (its HTTP/2 stream
		// reset: over HTTP/1.1 nothing tells a body's wait so), and no
		// one reads the answer.
		status, brief = http.StatusServiceUnavailable, "its client went away"
		left, reason = true, RefusedLeft
		why = "the client went away while its body waited for room among the bodies the proxy holds"
		answer = "the client went away"
	case err == errNoRoom:
		status, brief, reason = http.StatusServiceUnavailable, "no room for its body", RefusedNoRoom
		why = "the proxy had no room for its body: it " + p.bodies.full()
		answer = "no room for the request body: the proxy " + p.bodies.full() + " and none came free within " + mcp.DurationText(bodyRoomWait) + "; retry once other requests are answered, or restart the proxy with a larger --max-event-size"
	case errors.Is(err, io.ErrUnexpectedEOF):
		brief = "its body broke off"
		why = "its body broke off after " + be.came()
		answer = "the request body broke off after " + be.came() + ": send the message whole"
	default:
		brief = "its body could not be read"
		why = fmt.Sprintf("its body could not be read after %s: %v", be.came(), be.err)
		answer = "the request " + strings.TrimPrefix(why, "its ")
	}
	http.Error(w, "mcpscope proxy: "+answer, status)
	why += "; nothing was relayed"
	done := fmt.Sprintf("was refused with %d", status)
	if left {
		done = "went unanswered"
	}
	p.unread(r, status, fmt.Sprintf("the client's %s %s %s: %s", r.Method, shownID(r.URL.RequestURI()), done, why), why, brief, reason)
	return nil, false
}

// unread logs a request whose body the proxy could not read, on the
// session it names when the proxy knows that session: what the client
// sent was never relayed, and the recording says so rather than leave it
// out. A request naming no known session is in no recording, so the
// watcher hears of it (OnRefused: its status, short for why and brief for
// that in a few words, reason its kind).
func (p *Proxy) unread(r *http.Request, status int, why, short, brief string, reason RefusedFor) {
	p.mu.Lock()
	c := p.legacy[r.URL.RequestURI()]
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		c = p.sessions[sessionKey(sid, r)]
	} else if id, _ := mcp.SessionIDOf(r.URL); c == nil && id != "" {
		c = p.legacy["id:"+id]
	}
	p.mu.Unlock()
	if c != nil && c.acquire() {
		c.refuse(mcp.OpPost, status, why)
		c.release()
		return
	}
	p.refused(r, status, short, brief, reason)
}

// said is a why for keyed that is known already.
func said(how string) func() string { return func() string { return how } }
