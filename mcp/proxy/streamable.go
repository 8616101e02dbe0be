package proxy

import (
	"fmt"
	"net/http"

	"github.com/mcpscope/mcpscope/mcp"
)

// streamablePost relays a POST of streamable HTTP: to session c, or with
// no session id to a new session (initialize) or the sessionless requests
// of the same client.
func (p *Proxy) streamablePost(w http.ResponseWriter, r *http.Request, body []byte, m message, c *Client) {
	// opening is an initialize that began a session of its own: unless
	// upstream's answer names it, nothing can refer to it again, so it ends
	// with this request.
	opening := false
	if c == nil {
		if m.method == "initialize" {
			var probes []*Client
			var mine bool
			c, probes, mine = p.initSession(r, m)
			opening = true
			if c != nil {
				p.fellBack(c, probes, mine)
			}
		} else {
			c = p.keyed(p.byKey, identity(mcp.TransportStreamable, r, message{}), mcp.TransportStreamable, r, m,
				said("the client posts streamable HTTP with no session id"), nil)
		}
	}
	c, done := p.hold(w, c, mcp.TransportStreamable, r, "the client posts to a session that had ended", "a request after the session ended")
	if c == nil {
		return
	}
	defer done()
	c.learn(m, r.Header.Get("MCP-Protocol-Version"))
	l := p.newLeg(w, r, c, body, m, mcp.PurposePost)
	defer l.cancel()
	resp, ok := l.send()
	if !ok {
		if opening {
			c.endUnopened(unopened(l, nil, "got no answer from upstream"))
		}
		return
	}
	success := resp.StatusCode >= 200 && resp.StatusCode < 300
	if opening && m.method == "initialize" && triedAtLegacy(r, resp) {
		l.up.Purpose = mcp.PurposeProbe
	}
	sid := resp.Header.Get("Mcp-Session-Id")
	var refused *mcp.RPCError // the initialize's error, when upstream answered one
	within := r.Header.Get("Mcp-Session-Id")
	reinit := m.method == "initialize" && within != ""
	switch {
	case opening && !success:
		defer c.endUnopened(p.unopenedBy(resp))
	case m.method == "initialize" && success && within == "":
		open := openedAs(sid)
		if sid != "" {
			if prev := p.routeSession(sid, r, c); prev != nil && prev != c {
				// Upstream gave the id again to the same client: nothing
				// tells the two sessions' requests apart any more.
				prev.end(fmt.Sprintf("upstream gave this session's id %s to a new initialize from the same client (session %d): its later requests are recorded there", shownID(sid), c.ID))
			}
		} else {
			p.mu.Lock()
			p.byKey[identity(mcp.TransportStreamable, r, message{})] = c
			p.mu.Unlock()
		}
		// The id (or the client, with none) is routed at once: the client
		// may go on the moment it has the answer. But the session is open
		// only once the answer is a result: a 200 whose body is a
		// JSON-RPC error, or a stream that ends without the answer, began
		// nothing, and "open session" said it did. It is heard before the
		// client has the answer (an event is logged before it goes out, a
		// JSON body before the handler ends), so the line comes before
		// anything the client sends next.
		l.heard = func(msg string) {
			if !c.unopened() || refused != nil {
				return
			}
			if result, rpcErr := initAnswer(msg, m.peek.ID()); result {
				c.openOnce(open)
			} else {
				refused = rpcErr
			}
		}
	}
	reopened := false
	if reinit {
		// A re-initialize within a live session: nothing opens or ends,
		// but a watcher is told what upstream made of it (reinitialized).
		l.heard = func(msg string) {
			result, rpcErr := initAnswer(msg, m.peek.ID())
			if !result {
				if refused == nil {
					refused = rpcErr
				}
				return
			}
			reopened = true
			// A new id is the session's only once upstream took the
			// initialize: one it refused began nothing, and its id (maybe
			// another session's) is no route to this one.
			if !success || sid == "" || sid == within {
				return
			}
			if prev := p.routeSession(sid, r, c); prev != nil && prev != c {
				// As for a new initialize (above): the other session's
				// requests would be recorded here, unsaid.
				prev.end(fmt.Sprintf("upstream gave this session's id %s to a re-initialize of the same client within session %d: its later requests are recorded there", shownID(sid), c.ID))
			}
		}
	}
	if success && m.method == "notifications/initialized" {
		c.handshakeDone() // before the answer, as on a legacy session
	}
	err := l.answer(resp, streamOf(m), nil)
	if reinit {
		c.reinitialized(within, resp.Status, success && reopened, refused, sid)
	}
	if opening && success {
		if why := l.opening(err, sid, refused); why != "" {
			defer c.endUnopened(why)
		}
	}
	if err == nil && !l.eventID {
		l.unanswered(", and no event had an id the client could resume it from")
	}
	if within != "" && gone(c, l, resp, within) {
		defer c.endWhenQuiet(c.goneEnd(within))
	}
	l.finish(err)
}

// unanswered ends the leg's request when upstream's answer was an event
// stream that ended, whole, without the answer (a no-op when the answer
// came): nothing can resume it (why says what stops a client from), so
// the request would wait for ever, and the lines said nothing of it.
func (l *leg) unanswered(why string) {
	if l.request && l.up.Opened == "sse" {
		ended := "ended"
		if l.cut > 0 {
			ended += " " + mcp.MidEvent(l.cut) + ","
		}
		if l.strays != nil {
			// What a reader passed over, as a session's failure says it.
			why += l.strays.Words()
		}
		l.c.obs.Fail(l.reqSeq, mcp.OpStream, &mcp.WireError{Cause: mcp.CauseNoResponse, Transport: l.c.kind(),
			Message: "the response stream " + ended + " without the answer" + why})
	}
}

// streamOf names the event stream that answers a request.
func streamOf(m message) string {
	if m.method == mcp.ListenMethod {
		return mcp.StreamListen
	}
	return mcp.StreamResponse
}

// statelessPost relays a 2026-07-28 request to the session of the client
// that sent it.
func (p *Proxy) statelessPost(w http.ResponseWriter, r *http.Request, body []byte, m message) {
	c, asked := p.statelessSession(r, m)
	defer asked()
	c, done := p.hold(w, c, mcp.TransportStateless, r, "the client speaks stateless MCP", "a request after its session ended")
	if c == nil {
		return
	}
	defer done()
	// Held back as a possible probe, the session waits for its client's
	// initialize once this exchange is done (see probe.go).
	defer c.probeDone()
	purpose := c.probeRequest(r, m)
	c.learn(m, protocolOf(r.Header, m))
	l := p.newLeg(w, r, c, body, m, purpose)
	defer l.cancel()
	// Until the session is open, its answers are read for a result: a 2xx
	// status alone (a stream that then breaks off) opens nothing.
	offered, result, success := false, false, false
	probe, unopened := purpose == mcp.PurposeProbe, m.request && c.unopened()
	if probe || unopened {
		asked := protocolOf(r.Header, m)
		l.heard = func(msg string) {
			if probe && !offered && success && mcp.DiscoverOffers([]byte(msg), asked) {
				// Offered the version it asked for, the client has its
				// era and will not initialize: it is shown as the
				// answer is logged, before the client has it, so its
				// next request finds it settled (see probe.go).
				offered = true
				c.settleStateless()
			}
			if unopened && !result {
				_, result = answerTo(msg, m.peek.ID())
				if result && success {
					// Open as the answer is logged, before the client
					// has it: its next request comes after.
					c.succeeded()
				}
			}
		}
	}
	resp, ok := l.send()
	if !ok {
		return
	}
	success = resp.StatusCode/100 == 2
	c.probeAnswered(m, resp.StatusCode)
	err := l.answer(resp, streamOf(m), nil)
	if err == nil {
		// Nothing can resume a stateless stream.
		l.unanswered("")
	}
	l.finish(err)
}

// sessionGet relays a GET of a streamable session: its stream for server
// messages, or with Last-Event-ID the resumption of a dropped stream.
func (p *Proxy) sessionGet(w http.ResponseWriter, r *http.Request, sid string) {
	// A session that ended as the request came (the cap let it go, or
	// upstream dropped it) is relayed as a session of its own: the client
	// gets what upstream says, not an answer the proxy made up.
	c, done := p.hold(w, p.sessionOf(sid, r), mcp.TransportStreamable, r, "the client opens a stream on a session that had ended", "a stream after the session ended")
	if c == nil {
		return
	}
	defer done()
	p.getStream(w, r, c, sid)
}

// sessionless is the session of r's client on a streamable server that
// keeps no session (its initialize answer named none), or nil. A GET for
// an event stream from such a client is that session's GET stream, not a
// legacy HTTP+SSE session of its own; without one, what upstream answers
// the GET says which it is (openStream). A session of requests with no
// session id and no initialize (a ping, refused or not) says nothing of
// the server: another client of the same host and User-Agent (Node's
// fetch says "node" for every one) opening a legacy stream at that path
// is not its GET stream.
func (p *Proxy) sessionless(r *http.Request) *Client {
	p.mu.Lock()
	c := p.byKey[identity(mcp.TransportStreamable, r, message{})]
	p.mu.Unlock()
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.initSent {
		return nil
	}
	return c
}

// sessionlessGet relays the GET stream of c, a streamable client whose
// server keeps no session.
func (p *Proxy) sessionlessGet(w http.ResponseWriter, r *http.Request, c *Client) {
	c, done := p.hold(w, c, mcp.TransportStreamable, r, "the client opens a stream on a session that had ended", "a stream after the session ended")
	if c == nil {
		return
	}
	defer done()
	p.getStream(w, r, c, "")
}

// getStream relays a GET of streamable session c (sid, when it has one):
// its stream for server messages, or with Last-Event-ID the resumption of
// a dropped stream.
func (p *Proxy) getStream(w http.ResponseWriter, r *http.Request, c *Client, sid string) {
	purpose, stream := mcp.PurposeGet, mcp.StreamGet
	last := r.Header.Get("Last-Event-ID")
	if last != "" {
		purpose, stream = mcp.PurposeResume, mcp.StreamResponse
		c.state(mcp.StateResuming, resumesFrom+shownID(last))
	}
	l := p.newLeg(w, r, c, nil, message{}, purpose)
	defer l.cancel()
	c.getArrived()
	resp, ok := l.send()
	if !ok {
		c.getAnswered(false, "", "")
		if purpose == mcp.PurposeResume {
			c.state(mcp.StateResuming, resumeGotNone(last, "upstream did not answer it"))
		}
		return
	}
	// Any success with an event stream is relayed as one, its events
	// read: a 201 or 202 read "upstream answered 201 Created", as a GET
	// refused is said, of a stream the client had open.
	isStream := resp.StatusCode/100 == 2 && mcp.MediaType(resp.Header) == "text/event-stream"
	answered := "upstream answered " + resp.Status
	opened, refused := openedWith(resp, whichOpened), ""
	if sid == "" && isEventStream(resp) {
		// Relayed rewritten (see rewrite below), as a client reads it: a
		// stream whatever its label, unless the proxy cannot read it
		// (answer refuses it then).
		refused = plainStream(resp)
		isStream = refused == ""
		if !isStream {
			answered += ", but " + refused + refusedTo502
		}
	}
	c.getAnswered(isStream, resp.Status, refused)
	why, none := noGetStream(purpose, c, r, resp.StatusCode)
	if purpose == mcp.PurposeGet {
		c.gotGet(isStream, why, none && (resp.StatusCode == http.StatusMethodNotAllowed || c.initialized()))
	}
	if isStream {
		// A GET reopened from its last event (as the Go and TypeScript
		// SDKs reopen a dropped GET stream) is a GET stream open as much
		// as the first: the proxy cannot tell it from a response stream's
		// resumption, and saying an answer has no stream to come on
		// while one may carry it would be false (awaitGet). One upstream
		// refused (a 4xx to Last-Event-ID) is none (getAnswered).
		defer c.getClosed()
	}
	switch {
	case purpose == mcp.PurposeGet && isStream:
		c.state(mcp.StateGetStream, "open (the client's"+opened+")")
	case none:
		c.state(mcp.StateGetStream, why)
	case purpose == mcp.PurposeGet:
		c.state(mcp.StateGetStream, answered)
	case isStream:
		c.state(mcp.StateResumed, "upstream replays from event "+shownID(last)+openedWith(resp, streamOpened))
	default:
		c.state(mcp.StateResuming, resumeGotNone(last, answered))
	}
	var rewrite rewriter
	if sid == "" {
		// Nothing but the client's identity made this GET the session's:
		// another client of the same host and User-Agent can be opening a
		// legacy stream. Its endpoint events are rewritten as on any
		// legacy stream, so none sends a client, and its credentials,
		// where upstream alone pointed.
		rewrite = p.endpointRewriter(c, r, resp.Request.URL, l.start)
	}
	err := l.answer(resp, stream, rewrite)
	if sid != "" && gone(c, l, resp, sid) {
		defer c.endWhenQuiet(c.goneEnd(sid))
	}
	if purpose == mcp.PurposeGet && isStream {
		streamClosed(c, l, err)
	}
	l.finish(err)
}

// streamClosed logs how session c's GET stream, relayed by l, closed (how
// relaying it ended is err), and notes its client leaving when it was
// (clientLeft).
func streamClosed(c *Client, l *leg, err error) {
	detail := closedBy + "upstream"
	left := l.clientLeft(err)
	switch {
	case left:
		detail = closedBy + "the client"
	case l.p.life.Err() != nil:
		detail = "closed: the proxy stopped"
	case c.deletes():
		// Upstream ends its streams with the session: not a drop.
		detail = closedBy + "upstream, as the client's DELETE ended the session"
	}
	// Noted before said: a request the client sends once it reads the
	// close in the recording (its DELETE, at once) must find the flag
	// set so that it clears it, and the session ends one way only.
	if left {
		c.clientLeft()
	}
	c.state(mcp.StateGetStream, detail)
}

// gone reports (and says in session c) that upstream's answer to a
// request carrying c's id sid says it does not know the id: 404, or the
// TypeScript SDK's 400 "no valid session" (its answer once it restarted).
// The caller ends c; the client's next initialize begins a new session.
func gone(c *Client, l *leg, resp *http.Response, sid string) bool {
	if !mcp.SessionGone(resp.StatusCode, mcp.MediaType(resp.Header), l.up.Body) {
		return false
	}
	// Said once: the requests a client goes on sending with the dead id
	// go in this session (endWhenQuiet), each failure of its own.
	c.mu.Lock()
	said := c.goneSaid
	c.goneSaid = true
	c.mu.Unlock()
	if !said {
		c.state(mcp.StateExpired, "upstream answered "+resp.Status+" to session "+shownID(sid)+": the session is gone")
	}
	return true
}

// fellBack ends the stateless session of the client that now initializes
// session c, unless c is that session (joinProbe: its probe went on in
// it). A probe that did not go on in c (c is the session of its client's
// GET before initialize, or the probe was settled as a stateless client's
// already: its client went on with 2026 requests, or its window passed)
// stays in that session, which says where the client went, instead of
// staying open and gathering the requests of every later run of that
// client. A probe that named no clientInfo is the client's when it came
// from the same host and User-Agent, at the same path (identity holds it:
// curl at /stateless is not another curl initializing at /mcp). probes are
// the client's stateless sessions as initSession found them (probesOf,
// and mine as it says).
func (p *Proxy) fellBack(c *Client, probes []*Client, mine bool) {
	if c.joinedProbe() {
		return
	}
	if len(probes) == 0 {
		return
	}
	if !mine && len(probes) > 1 {
		// Of alike clients' probes, none came on this initialize's
		// connection: which is its client's the wire does not tell, and
		// c's record says so (joinProbe). Each still held back may be the
		// one that went on in c, and says so when it settles.
		for _, probe := range probes {
			probe.mu.Lock()
			if probe.probing {
				probe.wentTo = append(probe.wentTo, c.ID)
			}
			probe.mu.Unlock()
		}
		return
	}
	// The probe's answer may still be relaying (the client can have read
	// it before the proxy is done): the end waits for that, and it is the
	// session's last record.
	probes[0].end(fmt.Sprintf("the client went on to initialize streamable HTTP session %d (the server offered no 2026-07-28 version, or the client chose a session)", c.ID))
}

// opening settles the session an initialize began, which upstream answered
// with a success that l relayed (err says how relaying ended; sid is the
// session upstream named, "" for none; refused its JSON-RPC error, if it
// answered one). It says why the session ends, or "" when it is open: a
// result opened it as it was heard, and an answer too large to read opens
// it too, since the client has it and goes on in the session. Anything
// else began nothing: the session would stay neither open nor ended for
// as long as the proxy runs.
func (l *leg) opening(err error, sid string, refused *mcp.RPCError) string {
	named := ""
	if sid != "" {
		named = " (though naming session " + shownID(sid) + ")"
	}
	switch {
	case !l.c.unopened():
		return ""
	case refused != nil:
		return fmt.Sprintf("the initialize failed: upstream answered %s%s: no session began", refused, named)
	case l.unread:
		l.c.openOnce(fmt.Sprintf("%s; upstream answered the initialize %s, larger than --max-event-size, so the proxy relayed it unread: whether it is a result is not known", openedAs(sid), l.up.StatusLine))
		return ""
	case err != nil:
		return unopened(l, err, fmt.Sprintf("got no answer: upstream's %s%s broke off before it", l.up.StatusLine, named))
	}
	return unopened(l, nil, fmt.Sprintf("got no answer: upstream's %s%s ended without it", l.up.StatusLine, named))
}

// openedAs is what a streamable session's open line says of it: the
// session upstream named (sid), or that it named none, worded to follow
// "open" as a sentence ("· open without a session: …"), where "open no
// Mcp-Session-Id: the server keeps no session" read as notes.
func openedAs(sid string) string {
	if sid == "" {
		return "without a session: upstream sent no Mcp-Session-Id, so it keeps none"
	}
	return "session " + shownID(sid)
}

// unopened says why the session an initialize began ends when the
// initialize got no answer: what upstream did (said of the initialize),
// unless the client left or the proxy stopped first (err is how relaying
// ended).
func unopened(l *leg, err error, upstream string) string {
	how := "the initialize " + upstream
	switch {
	case l.clientLeft(err) && l.up.Opened == mcp.StreamJSON && l.up.BodySize > 0:
		how = "the client left part way through upstream's answer to its initialize"
	case l.clientLeft(err):
		how = "the client left before upstream's answer to its initialize came"
	case l.p.life.Err() != nil:
		how = "the proxy stopped before upstream's answer to the initialize came"
	}
	return how + ": no session began"
}
