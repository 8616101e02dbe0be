package proxy

import (
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// conn is the connection number every record of a client session carries:
// one session is one conversation, so there is only ever one.
const conn = 1

// Client is one client session the proxy relays: a legacy stream with the
// POSTs to its endpoint, a streamable session (one Mcp-Session-Id), or the
// stateless requests of one client. Its records are that session's log, in
// the shapes a session mcpscope drives makes, so the same panes, recordings,
// replay and export work.
type Client struct {
	// ID numbers the sessions of one proxy run, from 1.
	ID int
	// Transport is what the client speaks: mcp.TransportSSE,
	// mcp.TransportStreamable or mcp.TransportStateless. It is settled
	// before OnStart hears of the session and never changes after.
	Transport string
	// Remote is the client's address, and UserAgent what it calls itself
	// in HTTP.
	Remote, UserAgent string
	// Started is when the client's first request reached the proxy.
	Started time.Time
	// Upstream is the URL the session's first request went to.
	Upstream string
	// Authorization is what the client sent in that header, for a
	// recording to leave out wherever it turns up.
	Authorization []string
	// EarlyGet says the session began with a GET for an event stream, no
	// session id and no event stream in answer: a streamable client's GET
	// before it initializes, which its initialize goes on with, if it
	// sends one. A client that never does leaves a session of that GET
	// alone (a flood of them is thousands).
	EarlyGet bool
	// RefusedStream says the session is a legacy client's stream that
	// upstream refused (refusedStream): it ended with that refusal, and a
	// client retrying it makes one a try.
	RefusedStream bool

	p    *Proxy
	obs  *mcp.Observer
	path string // the path of the request that began it
	// sender is who its client is (senderOf the request that began it),
	// worked out once: the eviction at the cap compares it for every
	// session, and a User-Agent may be a megabyte to digest.
	sender string
	// asking holds the ids of the stateless requests relaying now, with
	// how many use each (under p.mu): a request using one of them is
	// another client's (see statelessSession).
	asking map[string]int
	// heldOn is the connection a held-back stateless session's first
	// request came on (under p.mu; nil once settled, or when the proxy is
	// not told of connections): a probe on another is another client's
	// (statelessSession).
	heldOn net.Conn
	// answered is set once upstream answered any request of the session:
	// after it, an upstream that cannot be reached went away.
	answered atomic.Bool
	// leftFirst is set once its client hung up on a request before
	// upstream answered it (ClientLeftFirst).
	leftFirst atomic.Bool

	// settling is held while an undecided session is settled and started,
	// so what waits for that (afterStart) is logged after its first records.
	settling sync.Mutex
	first    *http.Request // the GET that began a session still undecided (see openStream); nil once settled
	waiting  []func()      // what is logged once it is settled

	mu            sync.Mutex
	name, version string // clientInfo
	protocol      string
	sessionID     string
	foreign       map[string]*foreign // legacy: where POSTs to these URIs go instead of the upstream
	senders       map[string]bool     // legacy: other clients whose POSTs to it were noted (see otherSender)
	initAt        time.Time           // when the client's initialize reached the proxy; zero before it
	initSent      bool                // the client sent an initialize in this session, of either transport (learn)
	noGet         string              // why upstream offers the session no GET stream (NoGetStream), "" while it may offer one
	gets          int                 // the client's GET streams open now, or asked for and not yet answered (getArrived)
	getsAsked     int                 // of gets, those upstream has not answered yet
	held          bySeq[awaited]      // requests answered 202 while a GET was asked for and none open, to say if none opens (awaitGet)
	drops         bySeq[string]       // requests whose resumable answer stream the client dropped, named (dropped)
	awaiting      bySeq[awaited]      // requests answered 202 with no GET stream open, to fail them with if none comes (awaitGet)
	opened        bool                // a state "open" was logged
	joined        string              // how a session the proxy met mid-way is open, once upstream accepts it (joined.go); "" for others
	earlier       string              // which recording a session the proxy met mid-way had before, when it knows (unknownSession)
	initIn        int                 // for a session the proxy met mid-way, the client session whose recording has its initialize; 0 when none has (initializedIn)
	active        int                 // exchanges relaying now
	seen          int64               // when an exchange last began or ended, in the proxy's ticks
	used          bool                // an exchange began: until then the request that made it is on its way
	ending        bool                // ended: the records close when the last exchange is done
	endDetail     string
	closed        bool
	started       bool              // OnStart heard of it
	probing       bool              // a stateless session held back as a possible probe (see probe.go)
	probeSent     int               // requests of a stateless session so far
	probeOK       bool              // upstream answered a stateless request of it with its result
	wentTo        []int             // of a held-back probe, the sessions alike clients' initializes began that it may have gone on in (fellBack)
	lastConn      string            // the address and port of its latest stateless request's connection (probesOf)
	lastID        string            // the id of its latest stateless request, as its JSON text (probesOf)
	left          bool              // its client closed its GET stream, and nothing came since (clientLeft)
	wait          *time.Timer       // what it waits on its client for (wait.go); nil when nothing
	conns         map[net.Conn]bool // the client's connections its requests came on that are open still (Track); nil when none was told of
	deleting      bool              // its client sent DELETE for it (goneLocked)
	deleteRefused bool              // upstream answered that DELETE with a status that ended nothing
	goneSaid      bool              // upstream said its id is gone, and the session said so (gone)
	deleteDropped bool              // its client's last DELETE was dropped by the client before upstream answered it (deleteFailed)
	clock         *sessionClock     // what its records are stamped by (settle_clock.go)
}

func newClient(p *Proxy, id int, transport string, r *http.Request) *Client {
	clock := &sessionClock{now: p.cfg.Now}
	c := &Client{
		ID: id, Transport: transport, Remote: r.RemoteAddr, UserAgent: r.Header.Get("User-Agent"),
		Started: p.arrived(r), Upstream: p.upstreamFor(r).String(), Authorization: r.Header.Values("Authorization"),
		p: p, obs: mcp.NewObserver(p.cfg.MaxEventSize, clock.read), clock: clock, path: r.URL.Path, sender: senderOf(r),
	}
	return c
}

// UpstreamAnswered reports whether upstream answered any request of the
// session yet (any status): until it has, the session may be a client
// retrying against an upstream that is down.
func (c *Client) UpstreamAnswered() bool { return c.answered.Load() }

// ClientLeftFirst reports whether the client hung up on a request of the
// session before upstream answered it: a session upstream answered
// nothing of is then one its client left (upstream slow, the client's
// timeout short), not one of an upstream down or out of reach.
func (c *Client) ClientLeftFirst() bool { return c.leftFirst.Load() }

// Records is the session's log. It closes after the session ends.
func (c *Client) Records() <-chan []mcp.Record { return c.obs.Records() }

// Info is the clientInfo the client gave (in initialize, or in the _meta of
// a stateless request); empty until it did.
func (c *Client) Info() (name, version string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.name, c.version
}

// begin logs how the session came to be: the transport the client chose
// (as a detection, so the panes read as for any session) and that it is
// connecting.
func (c *Client) begin(r *http.Request, how string) {
	c.detect(r, how)
	c.state(mcp.StateConnecting, "client "+c.Remote)
}

// detect logs the transport the client chose with request r, and how.
func (c *Client) detect(r *http.Request, how string) {
	// Words a person reads (the Negotiation pane): the client's URI and
	// User-Agent are quoted short, as a label is, for a client chooses
	// them megabytes long; the HTTP records keep them whole.
	reason := "proxied: " + how + "; " + r.Method + " " + shownID(clientURL(r)) + " relayed to " + shownID(c.Upstream)
	if c.UserAgent != "" {
		reason += " (client User-Agent: " + clip.Quote(c.UserAgent, LabelLimit) + ")"
	}
	reason += removedNote(c.p.cfg.Header)
	if off := c.OffPathWords(); off != "" {
		reason += "; " + off
	}
	c.obs.Emit(mcp.Record{Kind: mcp.KindDetect, Detect: &mcp.Detection{Transport: c.kind(), URL: c.Upstream, Forced: true, Reason: reason}})
}

// kind is Transport, for the proxy's own use while a session may still be
// settled by another request (see decide).
func (c *Client) kind() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Transport
}

// decide settles the transport of a session that began undecided (with
// first, see openStream) and starts it: OnStart hears of it, it says how it
// began, and then what waited for that is logged. It reports false when
// the session was settled already.
func (c *Client) decide(transport, how string) bool {
	c.settling.Lock()
	defer c.settling.Unlock()
	c.mu.Lock()
	r := c.first
	if r != nil {
		c.Transport, c.first = transport, nil
	}
	waiting := c.waiting
	c.waiting = nil
	c.mu.Unlock()
	if r == nil {
		return false
	}
	c.p.start(c, r, how)
	for _, f := range waiting {
		f()
	}
	return true
}

// afterStart runs f and then show (which the client sees) now, or, when
// the session is still undecided, queues f to run once the session is
// settled and runs show: nothing is logged before the records that say
// how it began. Either way what f logs comes before anything the client
// does on what show gave it. show runs while the session cannot be
// settled, so f is queued before the client can act: a client that
// answers its stream's header at once with the initialize that settles
// the session still finds the stream's opening logged first.
func (c *Client) afterStart(show, f func()) {
	c.settling.Lock()
	defer c.settling.Unlock()
	c.mu.Lock()
	undecided := c.first != nil
	if undecided {
		c.waiting = append(c.waiting, f)
	}
	c.mu.Unlock()
	if !undecided {
		f()
	}
	show()
}

// state logs a state of the session.
func (c *Client) state(state, detail string) {
	c.mu.Lock()
	st := &mcp.StateChange{State: state, Conn: conn, Detail: detail, URL: c.Upstream, Transport: c.Transport,
		Protocol: c.protocol, SessionID: c.sessionID}
	c.mu.Unlock()
	c.obs.Emit(mcp.Record{Kind: mcp.KindState, State: st})
}

// openOnce logs that the session is open, the first time it is.
func (c *Client) openOnce(detail string) {
	c.mu.Lock()
	first := !c.opened
	c.opened = true
	c.mu.Unlock()
	if first {
		c.state(mcp.StateOpen, detail)
	}
}

// fail logs a failure that ended no request of the client's.
func (c *Client) fail(op string, err error) {
	c.obs.Emit(mcp.Record{Kind: mcp.KindError, Error: c.errorInfo(op, err)})
}

// errorInfo is err as a record of the session holds it: a wire error's
// facts whole (its status, the headers advice quotes, its purpose), as a
// request's failure keeps them (mcp.Observer.Fail), so a refused GET
// stream or batch POST is advised as the refused request is.
func (c *Client) errorInfo(op string, err error) *mcp.ErrorInfo {
	info := mcp.ErrorInfoOf(op, err, 0, conn)
	info.Transport = c.kind()
	return info
}

// refuse logs a request of the client's that the proxy answered with
// status itself, relaying nothing of it (why says so): a failure of the
// client's leg (mcp.PurposeRelay) with its status, which a watcher can
// count by status.
func (c *Client) refuse(op string, status int, why string) {
	c.obs.Emit(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: op, Message: why, Conn: conn,
		Status: status, Purpose: mcp.PurposeRelay, Transport: c.kind()}})
}

// learn keeps what a client's message says about the client, and tells the
// watcher when it first says who it is.
func (c *Client) learn(m message, protocol string) {
	c.mu.Lock()
	// Once named, a session is renamed only by an initialize: a later
	// message's _meta clientInfo (a 2026 request sent with a 2025
	// session's id) is what that message says, not who began the session.
	if m.method == "initialize" {
		c.initSent = true
	}
	name, version := m.client()
	named := name != "" && (name != c.name || version != c.version) && (c.name == "" || m.method == "initialize")
	if named {
		c.name, c.version = name, version
	}
	// A session with an id negotiated its version in its handshake: a
	// later request naming another (a 2026 request sent with a 2025
	// session's id) is recorded as the client sent it, and history says
	// it contradicts the session (AnswerCheck); it does not re-label the
	// session. Without an id (stateless) each request names its own.
	if protocol != "" && (c.protocol == "" || c.sessionID == "") {
		c.protocol = protocol
	}
	// A session OnStart has not heard of yet is named as it starts.
	tell := named && c.started
	c.mu.Unlock()
	if tell && c.p.cfg.OnName != nil {
		c.p.cfg.OnName(c)
	}
}

// adopt names the session by the id upstream gave it.
func (c *Client) adopt(id string) {
	c.mu.Lock()
	c.sessionID = id
	c.mu.Unlock()
}

// acquire counts an exchange in; it reports false once the session ended,
// whose records no longer take anything.
func (c *Client) acquire() bool {
	ok, _ := c.acquireWithin(0)
	return ok
}

// acquireWithin is acquire that also refuses, reporting busy, while limit
// exchanges relay for the session already; 0 is no limit.
func (c *Client) acquireWithin(limit int) (ok, busy bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ending {
		return false, false
	}
	if limit > 0 && c.active >= limit {
		return false, true
	}
	c.active++
	c.used, c.left = true, false
	c.seen = c.p.tick.Add(1)
	return true, false
}

// release counts an exchange out; after the end, the last one out closes
// the records.
func (c *Client) release() {
	c.mu.Lock()
	c.active--
	c.seen = c.p.tick.Add(1)
	c.mu.Unlock()
	c.closeIfDone()
	c.leftAlone()
	c.goneCheck()
}

// idle reports a session that relays nothing now, and when it last did.
// One just made is not idle: the request that made it is about to relay.
func (c *Client) idle() (seen int64, idle bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seen, c.used && c.active == 0 && !c.ending
}

// endIfIdle ends the session, for detail, if it is idle still; the caller
// forgets it and closes its records.
func (c *Client) endIfIdle(detail string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.used || c.active != 0 || c.ending {
		return false
	}
	c.ending, c.endDetail = true, detail
	return true
}

// end ends the session: later requests start a new one, and once the
// exchanges still relaying are done the end is logged, last, and the
// records close.
func (c *Client) end(detail string) {
	c.p.forget(c)
	c.mu.Lock()
	if !c.ending {
		c.ending, c.endDetail = true, detail
	}
	c.mu.Unlock()
	c.closeIfDone()
}

// closeIfDone logs the end and closes the records once the session ended
// and nothing relays for it any more.
func (c *Client) closeIfDone() {
	c.mu.Lock()
	done := c.ending && c.active == 0 && !c.closed
	if done {
		c.closed = true
	}
	detail := c.endDetail
	c.mu.Unlock()
	if done {
		c.stopWait()
		// A session that ends still undecided (the proxy gave up waiting
		// for its stream) is shown all the same: its records are kept.
		c.decide(mcp.TransportStreamable, "the client opened an event stream with no session id, which ended before upstream's first event: no endpoint event, so not a legacy HTTP+SSE session")
		// A probe held back ends saying where its client may have gone,
		// however it ended: ended by Close it said "the proxy stopped",
		// and the initialize's session was named nowhere.
		if went := c.settleHeld(false); len(went) > 0 {
			detail = wentToOneOf(went)
		}
		c.p.drop(c)
		c.failAwaiting()
		c.state(mcp.StateClosed, detail)
		c.obs.Close()
	}
}

// forceClose closes the records whatever is still relaying: the proxy is
// stopping and has waited long enough.
func (c *Client) forceClose() {
	c.mu.Lock()
	c.active = 0
	c.mu.Unlock()
	c.closeIfDone()
}

// gotGet notes how upstream answered the client's GET for its stream of
// server messages: open, or refused as a server with none refuses it
// (refused, why): a request it answers 202 with no body then has nowhere
// its answer can come, and fails at once, as exec's does.
func (c *Client) gotGet(open bool, why string, refused bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case open:
		c.noGet = ""
	case refused:
		c.noGet = why
	}
}

// getRefused is why upstream offers the session no GET stream, "" while
// it may offer one.
func (c *Client) getRefused() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.noGet
}
