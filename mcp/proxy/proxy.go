// Package proxy sits between a real MCP client and a real MCP server and
// records their conversation, so a person can watch what the client
// actually sends and what comes back, in the same panes and recordings as a
// session mcpscope drives itself. The wire flow, step by step:
//
//  1. The proxy listens on loopback. A request whose Origin is not local, or
//     (on loopback) whose Host is not, is refused with 403: a web page must
//     not reach a local server through DNS rebinding.
//  2. Every request is relayed to the same path and query on the
//     upstream's origin, so every transport the upstream serves is served
//     at the same path on the proxy; the proxy's own paths (/.mcpscope/,
//     see own) are never relayed. Headers pass unchanged but for Host,
//     Origin when it named the proxy, the hop-by-hop headers,
//     Accept-Encoding (the proxy must read what it relays) and Expect (the
//     proxy has read the body before it relays it). The user's
//     -H and --bearer fill in what the client did not send, and go only to
//     the upstream: the proxy follows no redirects, it relays them, with a
//     Location on the upstream's origin pointed back at the proxy.
//  3. The client's choice of request says which transport it speaks:
//     - legacy HTTP+SSE: a GET for an event stream with no session opens a
//     session when upstream's answer is a stream whose first event is
//     `endpoint` (anything else is a streamable client's GET: see
//     openStream). That event is relayed so the client POSTs to the proxy
//     (an absolute URI on the upstream's origin is rewritten to its path;
//     a relative one already resolves to the proxy), and the POSTs to that
//     URI are the session's.
//     - streamable HTTP with sessions: a POST initialize opens a session,
//     named by the Mcp-Session-Id of its answer; later POSTs, GETs
//     (Last-Event-ID too) and the DELETE carrying that id from the same
//     client (host and User-Agent) are the session's, relayed with every
//     header they carry. Another client sending that id is relayed too,
//     but recorded apart (see sessionKey).
//     - stateless 2026-07-28: POSTs carrying MCP-Protocol-Version 2026-07-28
//     or later (or Mcp-Method) with no session are grouped by who sent them:
//     the client's address, User-Agent and the clientInfo in _meta. The
//     first is held back as a possible probe: a client that goes on to
//     initialize (it speaks both eras) goes on in the same session, now
//     streamable HTTP (see probe.go).
//  4. Answers are relayed as their bytes arrive: an event stream is written
//     and flushed to the client read by read, before the proxy parses it,
//     and a JSON body is copied through; the record keeps a copy of up to
//     MaxEventSize bytes of each. Both legs of every exchange and every
//     message are records of the client's session (one mcp.Observer each).
//  5. When the client leaves, the upstream request is cancelled and the
//     requests still waiting are marked; when the upstream fails, the
//     client gets what it sent (a broken stream breaks the client's too),
//     or 502 with a text body when it could not be reached.
//  6. At most MaxSessions client sessions live at once, each with its
//     recording open: past it the least recently active idle one ends (of
//     the new session's client, when it has one idle), and with none idle the request is refused with 503 (see admit). One
//     session relays at most MaxInFlight requests and streams at once:
//     past it a request of that session is refused with 503 (see busy).
//     The clients' bodies held at once take at most four times
//     MaxEventSize: past it a body waits a moment, then is refused with
//     503 (see bodyRoom).
package proxy

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Config configures a Proxy. Zero fields mean the documented defaults.
type Config struct {
	// Upstream is the server as the user named it; requests go to its
	// origin, each at the path and query the client used.
	Upstream string
	// Header and Bearer are the user's credentials (-H, --bearer). They fill
	// in for a client that sent no header of that name, and go only to the
	// upstream.
	Header http.Header
	Bearer string
	// AllowOrigins are other origins (scheme://host:port, --allow-origin)
	// a legacy upstream's endpoint event may point the client's POSTs at:
	// the proxy forwards them there with the client's own headers, never
	// Header or Bearer. An endpoint on any other origin is refused (see
	// offOrigin).
	AllowOrigins []string
	// MaxEventSize bounds one SSE event and the copy of a JSON answer or a
	// client's message kept for the record; 0 means mcp.DefaultMaxEventSize.
	// A larger answer is still relayed whole.
	MaxEventSize int
	// DialTimeout bounds connecting to the upstream; 0 means 10 seconds.
	// Nothing else upstream is timed: the client decides how long it waits.
	DialTimeout time.Duration
	// BodyTimeout bounds how long a client's request body may take to
	// arrive whole; 0 means one minute. A client's message is one JSON
	// text it has whole before it sends it: one that trickles in a byte a
	// second holds a connection for as long as it likes.
	BodyTimeout time.Duration
	// AnyHost accepts a request whatever its Host says. Leave it off on
	// loopback, where only a local Host is genuine.
	AnyHost bool
	// OnStart hears of each new client session before its first record;
	// it must see that Records is drained. Nil drains and drops them.
	OnStart func(*Client)
	// OnName hears that a session's clientInfo became known.
	OnName func(*Client)
	// OnRefused hears of a request the proxy refused that is in no
	// session, so no recording tells of it: for want of room for its
	// session (503, see admit), a page's Origin or a Host that is not local
	// (403), a body too large or a batch of more than MaxBatchMembers
	// messages (413), too slow (408) or broken off (400).
	OnRefused func(Refusal)
	// MaxSessions bounds the client sessions kept at once (see admit); 0
	// means DefaultMaxSessions.
	MaxSessions int
	// MaxInFlight bounds the exchanges one session relays at once: its
	// requests waiting for their answers and its open streams (see busy),
	// whichever client sent them: another client's POST to a legacy
	// session's endpoint is relayed as the session's, and counts so; 0
	// means DefaultMaxInFlight.
	MaxInFlight int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Proxy relays MCP clients to one upstream and records each client's
// session. It is an http.Handler; Close ends every session.
type Proxy struct {
	cfg      Config
	upstream *url.URL
	allow    []*url.URL // the other origins the user allowed
	client   *http.Client
	life     context.Context
	stop     context.CancelFunc
	handlers sync.WaitGroup

	tick  atomic.Int64 // orders the sessions' activity, for admit
	waits atomic.Int64 // sessions waiting on their client (wait.go)

	bodies *bodyRoom // the room for clients' bodies held at once (bodies.go)

	// earlyMu is held while a session that a client's initialize and its
	// GET with no session id can share (p.early) is found or made and
	// started: the two can come at once, and one must find the other's.
	earlyMu sync.Mutex
	// earlyWait is how long such a session waits for its client's
	// initialize once its GET is done, and a stateless session held back
	// as a possible probe once its exchange is done (probe.go):
	// sameClientWindow (a test shortens it).
	earlyWait time.Duration

	mu       sync.Mutex
	closed   bool
	nextID   int
	all      []*Client          // the live sessions: their records are still open
	legacy   map[string]*Client // by the message URI the client POSTs to, and by session id
	sessions map[string]*Client // streamable, by Mcp-Session-Id and client (sessionKey)
	byKey    map[string]*Client // sessionless requests, by who sent them
	early    map[string]*Client // sessions a GET began before its client's initialize, by who sent it

	evictions  int                    // sessions admit ended
	ended      endedSessions          // the last few session ids admit ended
	deleted    endedSessions          // the last few session ids their clients ended with DELETE
	goneLegacy endedSessions          // the last few legacy sessions whose stream closed
	left       endedSessions          // the last few streamable sessions whose client closed its GET stream and left (clientLeft)
	gone       endedSessions          // the last few streamable sessions whose client closed every connection it used (goneCheck)
	endings    uint64                 // how many endings the sets above were told of (noteEnded), the newest's endedBy.at
	open       map[net.Conn][]*Client // the clients' open connections with the sessions whose requests came on each (Track)
}

// New prepares a proxy to the upstream the config names.
func New(cfg Config) (*Proxy, error) {
	u, err := mcp.TargetURL(cfg.Upstream)
	if err != nil {
		return nil, err
	}
	allow, err := allowOrigins(cfg.AllowOrigins)
	if err != nil {
		return nil, err
	}
	if cfg.MaxEventSize <= 0 {
		cfg.MaxEventSize = mcp.DefaultMaxEventSize
	}
	if cfg.DialTimeout <= 0 {
		cfg.DialTimeout = 10 * time.Second
	}
	if cfg.BodyTimeout <= 0 {
		cfg.BodyTimeout = time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.MaxInFlight <= 0 {
		cfg.MaxInFlight = DefaultMaxInFlight
	}
	if cfg.OnStart == nil {
		cfg.OnStart = func(c *Client) {
			go func() {
				for range c.Records() {
				}
			}()
		}
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	// The proxy reads what it relays: it must not ask for (or silently
	// undo) a compression the client never asked for.
	tr.DisableCompression = true
	// An HTTPS proxy's refusal of the tunnel upstream is named as such,
	// not as an upstream that closed the connection.
	mcp.NameProxyRefusals(tr)
	tr.MaxIdleConnsPerHost = 64
	tr.DialContext = (&net.Dialer{Timeout: cfg.DialTimeout, KeepAlive: 30 * time.Second}).DialContext
	life, stop := context.WithCancel(context.Background())
	return &Proxy{
		cfg:      cfg,
		upstream: u,
		allow:    allow,
		client: &http.Client{Transport: noSwitch{tr}, CheckRedirect: func(*http.Request, []*http.Request) error {
			// Redirects are the client's to follow: relayed, never
			// followed, so the user's credentials reach only the upstream.
			return http.ErrUseLastResponse
		}},
		life:     life,
		stop:     stop,
		legacy:   map[string]*Client{},
		sessions: map[string]*Client{},
		byKey:    map[string]*Client{},
		early:    map[string]*Client{},

		earlyWait: sameClientWindow,
		bodies:    newBodyRoom(bodyRoomFold*int64(cfg.MaxEventSize), life.Done()),
	}, nil
}

// ServeHTTP relays one request of a client.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	served(r)
	if body, why, short := refusal(r, p.cfg.AnyHost); body != "" {
		http.Error(w, body, http.StatusForbidden)
		p.refused(r, http.StatusForbidden, why, short, RefusedOther)
		return
	}
	// Two session ids leave it to upstream which one it acts in, where
	// the proxy would file the request under the first: the recording
	// could show another session than the one upstream changed.
	if ids := r.Header.Values("Mcp-Session-Id"); len(ids) > 1 {
		// Counted, not said to be two sessions: a request may carry three,
		// or one id twice.
		headers := strconv.Itoa(len(ids)) + " Mcp-Session-Id headers"
		http.Error(w, "mcpscope proxy: refused a request carrying "+headers+": send one, the session's", http.StatusBadRequest)
		p.refused(r, http.StatusBadRequest, "it carries "+headers+", where a request names one session", "it carries "+headers, RefusedOther)
		return
	}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		p.stopped(w, r)
		return
	}
	p.handlers.Add(1)
	p.mu.Unlock()
	defer p.handlers.Done()
	// The time the proxy adds counts from here, the body's reading included.
	r = r.WithContext(context.WithValue(r.Context(), arrivedKey{}, p.cfg.Now()))
	sid := r.Header.Get("Mcp-Session-Id")
	switch {
	case ownPath(r.URL.Path):
		p.own(w, r)
	case r.Method == http.MethodPost:
		p.post(w, r)
	case r.Method == http.MethodGet && sid != "":
		p.sessionGet(w, r, sid)
	case r.Method == http.MethodGet && acceptsEventStream(r.Header):
		// Looked up once: a second look could find the session gone.
		if c := p.sessionless(r); c != nil {
			p.sessionlessGet(w, r, c)
		} else {
			p.openStream(w, r)
		}
	case r.Method == http.MethodDelete && sid != "":
		p.sessionDelete(w, r, sid)
	case r.Method == http.MethodGet:
		p.plainGet(w, r)
	default:
		// Not MCP (a health check, a redirect from /): relayed as is, in
		// no session.
		p.passThrough(w, r)
	}
}

// stopped answers a request that came as the proxy was stopping, and
// tells the watcher: it is in no session, and the report counts it.
func (p *Proxy) stopped(w http.ResponseWriter, r *http.Request) {
	http.Error(w, stoppingAnswer, http.StatusServiceUnavailable)
	p.refused(r, http.StatusServiceUnavailable, "it came as the proxy was stopping", "the proxy was stopping", RefusedStopping)
}

// stoppingAnswer is the body of a request refused because the proxy is
// stopping.
const stoppingAnswer = "mcpscope proxy: shutting down; send the request again once it runs"

// Close ends every client session: upstream requests are cancelled, the
// handlers still relaying are waited for (a few seconds at most), and each
// session's records end.
func (p *Proxy) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	p.mu.Unlock()
	p.stop()
	done := make(chan struct{})
	go func() {
		p.handlers.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	p.mu.Lock()
	all := append([]*Client(nil), p.all...)
	p.mu.Unlock()
	for _, c := range all {
		c.end("the proxy stopped")
		c.forceClose()
	}
	p.client.CloseIdleConnections()
}

// UpstreamURL is the upstream as the proxy reaches it, for showing: its
// password, if it has one, is masked (url.URL.Redacted), as everything
// mcpscope prints or records does. It is printed on stderr, which a
// --headless run in CI writes to a log anyone with the job can read.
func (p *Proxy) UpstreamURL() string { return p.upstream.Redacted() }

// newClient starts a client session for request r (message m, whose
// clientInfo, if it names one, tells its client from others at the cap:
// see begunBy), not registered under any key; nil when the proxy is at
// its cap and no session is idle.
func (p *Proxy) newClient(transport string, r *http.Request, m message, how string) *Client {
	return p.newClientAs(transport, r, m, how, nil)
}

// newClientAs is newClient, marked by mark (when not nil) before it
// starts: whoever hears of the start reads the marks then (EarlyGet,
// RefusedStream).
func (p *Proxy) newClientAs(transport string, r *http.Request, m message, how string, mark func(*Client)) *Client {
	p.mu.Lock()
	c, evicted := p.makeClient(transport, r, m)
	p.mu.Unlock()
	closeEvicted(evicted)
	if c == nil {
		return nil
	}
	if mark != nil {
		mark(c)
	}
	p.start(c, r, how)
	return c
}

// hold counts a request in on session c. When c has ended, a new session
// that lasts this request only takes its place, opened because of how and
// ended because of why. A session relaying MaxInFlight exchanges already
// takes no more: the request is answered 503 (see busy) and nil returned.
// With no session to be had (c is nil: none could be made at the cap, nor
// one for this request) it answers w that the proxy is full and returns
// nil. The caller defers done.
func (p *Proxy) hold(w http.ResponseWriter, c *Client, transport string, r *http.Request, how, why string) (_ *Client, done func()) {
	limit := p.cfg.MaxInFlight
	if r.Method == http.MethodDelete {
		// Ending the session is how a client at the limit lets go of it.
		limit = 0
	}
	if c != nil {
		ok, busy := c.acquireWithin(limit)
		if ok {
			return c, c.release
		}
		if busy {
			p.busy(w, c, r)
			return nil, nil
		}
		c = p.newClient(transport, r, message{}, how)
	}
	if c == nil {
		p.full(w, r)
		return nil, nil
	}
	c.acquire()
	return c, func() {
		// Ending first, then letting go: between the two the session would
		// look idle, and the cap could end it with words of its own.
		c.end(why)
		c.release()
	}
}

// makeClient makes a client session for request r (message m); p.mu is
// held, so the caller can register it before another request looks for
// it. At the cap it ends an idle session to make room (admit) (the caller closes evicted once p.mu is
// released), or makes none when no session is idle. Once Close began it
// makes none: Close ends the sessions p.all lists when it looked, and a
// handler it stopped waiting for could otherwise add one after that,
// whose records would never end (full says the proxy is stopping).
func (p *Proxy) makeClient(transport string, r *http.Request, m message) (c, evicted *Client) {
	if p.closed {
		return nil, nil
	}
	evicted, ok := p.admit(r, m)
	if !ok {
		return nil, nil
	}
	p.nextID++
	c = newClient(p, p.nextID, transport, r)
	c.seen = p.tick.Add(1)
	p.all = append(p.all, c)
	return c, evicted
}

// start tells the watcher of a new session and logs how it began.
func (p *Proxy) start(c *Client, r *http.Request, how string) {
	c.mu.Lock()
	held := c.probing
	c.started = !held
	c.mu.Unlock()
	if !held {
		// A session held back as a possible probe starts when it is
		// settled (see probe.go).
		p.cfg.OnStart(c)
	}
	c.begin(r, how)
}

// forget drops a session from the lookups, so later requests start anew.
func (p *Proxy) forget(c *Client) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.forgetLocked(c)
}

// forgetLocked is forget with p.mu held.
func (p *Proxy) forgetLocked(c *Client) {
	for k, v := range p.legacy {
		if sid, ok := strings.CutPrefix(k, "id:"); ok && v == c {
			p.noteEnded(&p.goneLegacy, sid, endedAs(c))
		}
	}
	for _, m := range []map[string]*Client{p.legacy, p.sessions, p.byKey, p.early} {
		for k, v := range m {
			if v == c {
				delete(m, k)
			}
		}
	}
}

// upstreamFor is the upstream URL of the client's request: the same path
// and query on the upstream's origin.
func (p *Proxy) upstreamFor(r *http.Request) *url.URL {
	u := *p.upstream
	u.Path, u.RawPath, u.RawQuery, u.Fragment = r.URL.Path, r.URL.RawPath, r.URL.RawQuery, ""
	u.User = nil
	return &u
}

// arrivedKey keys the time a request reached the proxy in its context.
type arrivedKey struct{}

// arrived is when r reached the proxy.
func (p *Proxy) arrived(r *http.Request) time.Time {
	if t, ok := r.Context().Value(arrivedKey{}).(time.Time); ok {
		return t
	}
	return p.cfg.Now()
}

// clientURL is the URL the client used, as the client named the proxy.
func clientURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return fmt.Sprintf("%s://%s%s", scheme, r.Host, r.URL.RequestURI())
}
