package proxy

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A GET for an event stream that names no session is either a legacy
// HTTP+SSE client opening its session or a streamable HTTP client opening
// its GET stream. The request cannot tell them apart: the TypeScript SDK
// sends MCP-Protocol-Version when it reconnects a legacy stream, and
// Vercel's @ai-sdk/mcp opens its streamable GET stream before it
// initializes. What upstream answers can:
//
//  1. The GET is relayed before any session is made for it.
//  2. An answer that is not an event stream (400 without a session, 405
//     from a server with no GET stream), or no answer, is no legacy
//     session: the GET is a streamable client's before its initialize. It
//     goes in a streamable session that the same client's initialize (host
//     and User-Agent, as identity, at the same path: a streamable server
//     has one endpoint, a legacy one two) goes on with (p.early), or in the
//     session whose initialize the client sent just before (it can send
//     both at once, and either can reach the proxy first).
//  3. An event stream is relayed byte by byte as it comes, and its first
//     event decides. `endpoint` is a legacy session, whose endpoint is
//     rewritten as ever, and so is every later one (the rewriter holds
//     each block of a legacy stream until it is parsed). Any
//     other event, or an end without one, is a streamable GET stream (an
//     endpoint event on it later is rewritten all the same: a legacy
//     client follows one whatever came first). So
//     is a stream the same client initializes beside before its first
//     event (a server without sessions can keep a GET stream silent).
//  4. Until it is settled the session is not shown: OnStart hears of it,
//     and it logs how it began, when it is settled; the stream's exchange
//     waits for that (afterStart), so the records read in order.

// openStream relays a GET for an event stream that names no session; see
// above.
func (p *Proxy) openStream(w http.ResponseWriter, r *http.Request) {
	if p.crowded(r) {
		// Refused before it is relayed, as any new session is: no
		// upstream stream is opened only to be closed.
		p.full(w, r)
		return
	}
	l := p.newLeg(w, r, nil, nil, message{}, mcp.PurposeStream)
	defer l.cancel()
	resp, err := l.roundTrip()
	if err != nil || !isEventStream(resp) {
		if refusedLegacy(r, resp, err) || err == nil && atSSE(r) && p.redirects(resp) {
			p.refusedStream(w, r, l, resp, err)
			return
		}
		p.earlyGet(w, r, l, resp, err)
		return
	}
	if why := plainStream(resp); why != "" {
		p.unreadStream(w, r, l, resp, why)
		return
	}
	p.streamAnswered(w, r, l, resp)
}

// openedWith says, after lead, with which status upstream opened a GET
// stream it answered other than 200 (a 201 or 202 with an event stream is
// relayed as one); "" for 200. lead fits the words it follows:
// whichOpened after "open (the client's", streamOpened after what
// upstream replays, where "which" would read as the event.
func openedWith(resp *http.Response, lead string) string {
	if resp.StatusCode == http.StatusOK {
		return ""
	}
	return lead + resp.Status + " (the specification's is 200)"
}

// The leads of openedWith.
const (
	whichOpened  = ", which upstream opened with "
	streamOpened = "; upstream opened the stream with "
)

// isEventStream reports an answer that opens an event stream, as a client
// may read it (any success with a body, labelled as sseLike reads it): its
// endpoint events must be rewritten.
func isEventStream(resp *http.Response) bool {
	s := resp.StatusCode
	return s >= 200 && s < 300 && s != http.StatusNoContent && s != http.StatusResetContent && sseLike(resp.Header)
}

// streamAnswered relays the event stream upstream answered a GET with no
// session id with (l relayed it), in a session its first event settles.
func (p *Proxy) streamAnswered(w http.ResponseWriter, r *http.Request, l *leg, resp *http.Response) {
	c := p.undecided(r)
	if c == nil {
		resp.Body.Close()
		p.full(w, r)
		return
	}
	defer p.awaitInitialize(c, "answered it "+resp.Status+" with an event stream")
	defer c.release()
	l.c = c
	c.answered.Store(true)
	l.onOpen = func() {
		if c.kind() == mcp.TransportStreamable {
			// As a session's GET says it (getStream): a 201 read as a 200.
			c.state(mcp.StateGetStream, "open (the client's"+openedWith(resp, whichOpened)+")")
		}
	}
	err := l.answer(resp, mcp.StreamLegacy, p.firstEvent(c, r, resp.Request.URL, l.start))
	c.decide(mcp.TransportStreamable, "the client opened an event stream with no session id, which ended before upstream's first event: no endpoint event, so not a legacy HTTP+SSE session")
	if c.kind() == mcp.TransportSSE {
		p.legacyEnded(c, l, err)
		return
	}
	// Settled (decide has run what waited for it), so what follows reads
	// as the GET stream's, as opened logged it.
	l.up.Purpose = mcp.PurposeGet
	streamClosed(c, l, err)
	l.finish(err)
}

// earlyGet logs a GET for an event stream with no session that upstream
// did not answer with one (resp), or did not answer (err): a streamable
// client's GET before it initializes, in the session the client's
// initialize goes on with.
func (p *Proxy) earlyGet(w http.ResponseWriter, r *http.Request, l *leg, resp *http.Response, err error) {
	how := "the client asked for an event stream with no session id and upstream could not be reached: nothing says it is a legacy HTTP+SSE session (whose stream's first event is endpoint)"
	gone := p.goneBeforeAnswer(r)
	if err != nil && gone != "" {
		how = "the client asked for an event stream with no session id and " + gone + " before upstream answered: nothing says it is a legacy HTTP+SSE session (whose stream's first event is endpoint)"
	}
	if err == nil {
		how = "the client asked for an event stream with no session id and upstream answered " + resp.Status +
			", not an event stream: not a legacy HTTP+SSE session, whose stream opens with an endpoint event; a streamable HTTP client's GET before it initializes is answered so"
	}
	c := p.earlyClient(r, how)
	if c == nil {
		if resp != nil {
			resp.Body.Close()
		}
		p.full(w, r)
		return
	}
	answer := "could not be reached"
	if gone != "" {
		answer = "had not answered when " + gone
	}
	if err == nil {
		answer = "answered it " + resp.Status
	}
	defer p.awaitInitialize(c, answer)
	defer c.release()
	l.c, l.up.Purpose = c, mcp.PurposeGet
	if err != nil {
		l.unreachable(err)
		return
	}
	if why, none := noGetStream(mcp.PurposeGet, c, r, resp.StatusCode); none {
		c.state(mcp.StateGetStream, why)
	} else {
		c.state(mcp.StateGetStream, "upstream answered "+resp.Status+" to a GET before the client initialized")
	}
	l.finish(l.answer(resp, mcp.StreamGet, nil))
}

// earlyClient is the streamable session r's client began with a GET
// before it initialized, if it has one, or a new one its initialize will
// go on with; it is acquired (the caller releases it), and nil when there
// is no room for it.
func (p *Proxy) earlyClient(r *http.Request, how string) *Client {
	key := identity(mcp.TransportStreamable, r, message{})
	p.earlyMu.Lock()
	defer p.earlyMu.Unlock()
	if c := p.earlyOf(r); c != nil && c.acquire() {
		return c
	}
	c := p.newClientAs(mcp.TransportStreamable, r, message{}, how, func(c *Client) { c.EarlyGet = true })
	if c == nil {
		return nil
	}
	c.acquire()
	p.mu.Lock()
	if prev := p.early[key]; prev == nil || prev.kind() == mcp.TransportStreamable {
		p.early[key] = c
	}
	p.mu.Unlock()
	return c
}

// awaitInitialize ends session c, which a GET with no session id began,
// unless its client initializes in it within sameClientWindow: a client
// that asked for a stream, got none and said nothing more is done. answer
// is what upstream did with the GET ("answered it 404 Not Found").
func (p *Proxy) awaitInitialize(c *Client, answer string) {
	if c.kind() != mcp.TransportStreamable {
		return
	}
	c.waitWhile(func() bool { return c.initAt.IsZero() }, p.earlyWait, func() {
		p.earlyMu.Lock()
		defer p.earlyMu.Unlock()
		if !c.initialized() {
			// What upstream answered is why the client said nothing more
			// (a legacy client at a streamable server's /sse is answered
			// 404): the line that ends the session says it.
			c.end(fmt.Sprintf("the client did not initialize within %s of its GET, which upstream %s: it asked for an event stream with no session id and said nothing more", mcp.DurationText(p.earlyWait), answer))
		}
	})
}

// earlyOf is the streamable session a GET with no session id of r's
// client goes with (see goesWith), or nil.
func (p *Proxy) earlyOf(r *http.Request) *Client {
	p.mu.Lock()
	c := p.early[identity(mcp.TransportStreamable, r, message{})]
	p.mu.Unlock()
	if c == nil || c.path != r.URL.Path || c.kind() != mcp.TransportStreamable || !c.goesWith(p.arrived(r)) {
		return nil
	}
	return c
}

// crowded reports that a GET with no session id can go in no session: it
// goes with none, and the proxy is at its cap, or its client at its share
// (admit), with no session idle that could make room.
func (p *Proxy) crowded(r *http.Request) bool {
	if p.earlyOf(r) != nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	// As admit decides, without ending anything: past the cap or its
	// client's share, room is an idle session admit may end (at its
	// share, only one of its own).
	greedy := p.holdsShare(r, message{})
	if len(p.all) < p.cfg.MaxSessions && !greedy {
		return false
	}
	victim, own := p.leastActiveIdle(r, message{})
	return victim == nil || greedy && !own
}

// sameClientWindow is how long after a client's initialize reached the
// proxy a GET of the same client without a session id is still taken for
// the one it sent alongside: it can reach the proxy after the initialize
// was answered, having opened a connection of its own.
const sameClientWindow = 2 * time.Second

// goesWith reports whether a GET with no session id of this session's
// client, which reached the proxy at, belongs in it: the client has not
// initialized, or sent its initialize just before.
func (c *Client) goesWith(at time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.initAt.IsZero() || at.Sub(c.initAt) < sameClientWindow
}

// initialized reports whether the client's initialize went to c.
func (c *Client) initialized() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.initAt.IsZero()
}

// initializing notes that the initialize r of c's client went to session
// c, which a GET of that client with no session id goes with from now
// (sent alongside, it can come second).
func (p *Proxy) initializing(c *Client, r *http.Request) {
	c.mu.Lock()
	c.initAt = p.arrived(r)
	// What the session waited for came: the initialize.
	c.stopWaitLocked()
	c.mu.Unlock()
	key := identity(mcp.TransportStreamable, r, message{})
	p.mu.Lock()
	if prev := p.early[key]; prev == nil || prev.kind() == mcp.TransportStreamable {
		p.early[key] = c
	}
	p.mu.Unlock()
}

// undecided makes the session of a GET whose event stream's first event
// will settle it, acquired and not yet started; nil when there is no room
// for it. The client's initialize can settle it first (joinEarly).
func (p *Proxy) undecided(r *http.Request) *Client {
	key := identity(mcp.TransportStreamable, r, message{})
	p.mu.Lock()
	c, evicted := p.makeClient("", r, message{})
	if c != nil {
		c.first = r
		c.acquire()
		if p.early[key] == nil {
			p.early[key] = c
		}
	}
	p.mu.Unlock()
	closeEvicted(evicted)
	return c
}

// firstEvent settles session c by its stream's first event (comments and
// retry say nothing): endpoint is a legacy HTTP+SSE session, whose
// endpoint it rewrites; anything else a streamable GET stream. Either way
// every endpoint event of the stream is rewritten: a legacy client (the
// TypeScript SDK's) follows one whatever came before it, and one the
// client's initialize settled the session before is still one it may
// follow.
func (p *Proxy) firstEvent(c *Client, r *http.Request, stream *url.URL, since time.Time) rewriter {
	endpoint := p.endpointRewriter(c, r, stream, since)
	settled := false
	return func(ev *mcp.SSEEvent, sent int) (string, bool) {
		if settled {
			return endpoint(ev, sent)
		}
		if !ev.Dispatched() {
			return string(ev.Raw), false
		}
		settled = true
		// Logged as of the read that brought the event (settle_clock.go).
		defer c.clock.pin()()
		if ev.Name == "endpoint" && c.decide(mcp.TransportSSE, "the client opened a legacy HTTP+SSE stream (upstream's first event is endpoint)") {
			p.wentLegacy(c, r)
			return endpoint(ev, sent)
		}
		name := ev.Name
		if name == "" {
			name = "message"
		}
		c.decide(mcp.TransportStreamable, fmt.Sprintf("the client opened an event stream with no session id and upstream's first event is %q, not endpoint: a streamable HTTP GET stream, not a legacy HTTP+SSE session", name))
		ev.Stream = mcp.StreamGet
		return endpoint(ev, sent)
	}
}

// wentLegacy takes legacy session c, of r's client, out of the sessions an
// initialize goes on with, and ends one the client's earlier refused GET
// began: the client went on to speak legacy HTTP+SSE.
func (p *Proxy) wentLegacy(c *Client, r *http.Request) {
	key := identity(mcp.TransportStreamable, r, message{})
	p.mu.Lock()
	prev := p.early[key]
	if prev == c {
		delete(p.early, key)
	}
	p.mu.Unlock()
	// Another client with the same identity may be initializing beside
	// it: only a session that never initialized, begun at this path, is
	// this client's.
	if prev != nil && prev != c && prev.path == c.path && prev.kind() == mcp.TransportStreamable && !prev.initialized() {
		prev.end(fmt.Sprintf("the client went on to open legacy HTTP+SSE session %d", c.ID))
	}
}

// initSession is the session initialize r (message m) begins: the one a
// GET of its client began just before, or the one its probe began (see
// probe.go), else a new one; nil when there is no room. probes are the
// client's held-back or stateless sessions as it looked (probesOf), for
// fellBack to end the one the client left, without looking again.
func (p *Proxy) initSession(r *http.Request, m message) (c *Client, probes []*Client, mine bool) {
	p.earlyMu.Lock()
	defer p.earlyMu.Unlock()
	probes, mine = p.probesOf(r, m)
	c = p.joinEarly(r)
	why := ""
	if c == nil {
		c, why = p.joinProbe(probes, mine, r)
	}
	if c == nil {
		how := "the client initialized a streamable HTTP session"
		if why != "" {
			how += "; " + why
		}
		c = p.newClient(mcp.TransportStreamable, r, m, how)
	}
	if c != nil {
		p.initializing(c, r)
	}
	return c, probes, mine
}

// joinEarly is the session r's client began with a GET before this, its
// initialize, settled as streamable HTTP; nil when it has none (a session
// that initialized already is an earlier run's).
func (p *Proxy) joinEarly(r *http.Request) *Client {
	key := identity(mcp.TransportStreamable, r, message{})
	p.mu.Lock()
	c := p.early[key]
	p.mu.Unlock()
	if c == nil || c.path != r.URL.Path || c.initialized() {
		return nil
	}
	c.decide(mcp.TransportStreamable, "the client opened an event stream with no session id, then initialized streamable HTTP before upstream's first event: its GET stream, not a legacy HTTP+SSE session")
	if c.kind() != mcp.TransportStreamable {
		return nil
	}
	return c
}

// endUnopened ends session c, which the client's initialize failed to
// open, saying why. An event stream the client opened before it (an early
// GET) holds the session's records open, and its closed line waits for
// that stream, which upstream may keep open for as long as it likes: the
// failure is said at once, so the session does not look as if it were
// still opening.
func (c *Client) endUnopened(why string) {
	c.mu.Lock()
	held := c.active > 1 // the initialize's own exchange is counted too
	c.mu.Unlock()
	if held {
		c.state(mcp.StateFailed, why+"; the session ends when what it still relays ends (an event stream the client opened before its initialize stays open for as long as upstream keeps it)")
	}
	c.end(why)
}
