package proxy

import (
	"fmt"
	"net/http"

	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// DefaultMaxSessions is how many client sessions a proxy keeps at once
// when Config.MaxSessions is 0. Each holds an open recording, and each of
// its open streams two connections: 256 of them stay well inside the
// smallest usual limit on open files (1024), where a person watching a
// handful of clients never reaches it.
const DefaultMaxSessions = 256

// A client session costs a recording file for as long as it lives, and a
// streamable session lives until its client sends DELETE, which many
// clients never do. So the proxy keeps at most MaxSessions at once:
//
//  1. A request that would begin a session beyond the cap first ends the
//     least recently active idle session (no request in flight, no stream
//     open) of its own client, or of any client when its own has none
//     idle. Its record says why, last, and its recording closes. Nothing
//     is sent upstream: idle is not gone, and the proxy never ends an
//     upstream session the client did not end (stopping does not either).
//     A later request of that client begins a new session, recorded anew.
//  2. When every session is busy, the request is answered 503 with a text
//     body that says why and what to do, and belongs to no session.
//
// A legacy session is busy for as long as its stream is open, so the cap
// bounds open legacy streams too: the stream beyond it is refused.
//
//  3. One client (begunBy) holds at most its share of the sessions, the
//     cap less a quarter (192 of 256): a client at it that begins another
//     ends its own least recently active idle session, and with none idle
//     is refused 503. A client opening stream after stream (a retry loop,
//     a leak) would otherwise hold every session busy, and every other
//     client watched would be refused until it let go. Below 4 sessions
//     the share is the cap.

// admit makes room for one more session, r's (message m), with p.mu held. At the cap
// it ends the least recently active idle session (leastActiveIdle) and
// returns it, for the caller to close once p.mu is released (closing it
// takes p.mu); it reports false when no session is idle.
func (p *Proxy) admit(r *http.Request, m message) (evicted *Client, ok bool) {
	full, greedy := len(p.all) >= p.cfg.MaxSessions, p.holdsShare(r, m)
	if !full && !greedy {
		return nil, true
	}
	for range p.all {
		victim, own := p.leastActiveIdle(r, m)
		if victim == nil || greedy && !own {
			return nil, false
		}
		// Which rule chose it: a session ended for its own client's next
		// one is no other client's doing.
		why := fmt.Sprintf("%d client sessions at once", p.cfg.MaxSessions)
		rule := "this client's own, as its new session needed room"
		switch {
		case !full:
			why = fmt.Sprintf("this client held %d sessions at once, as many as one client may (%d client sessions in all, a quarter kept for other clients)", p.share(), p.cfg.MaxSessions)
		case !own:
			rule = "of all clients', as another client (" + requestLabel(r) + ") began a session and had none of its own idle"
		}
		// A request may have taken it up since it was looked at: then
		// look again.
		if victim.endIfIdle(fmt.Sprintf("ended by mcpscope: %s; the least recently active idle one was closed: %s (a later request of this client begins a new session, recorded anew; --max-sessions raises the cap)", why, rule)) {
			p.forgetLocked(victim)
			p.dropLocked(victim)
			p.rememberEnded(victim)
			return victim, true
		}
	}
	return nil, false
}

// share is how many sessions one client may hold at once: the cap less a
// quarter, so one client never holds them all (see admit).
func (p *Proxy) share() int { return p.cfg.MaxSessions - p.cfg.MaxSessions/4 }

// holdsShare reports whether the client of request r (message m) holds
// its share of the sessions already (begunBy); p.mu is held.
func (p *Proxy) holdsShare(r *http.Request, m message) bool {
	sender := senderOf(r)
	name, version := m.client()
	n := 0
	for _, c := range p.all {
		if c.begunBy(sender, name, version) {
			n++
		}
	}
	return n >= p.share()
}

// leastActiveIdle is the idle session to end to make room for r's
// (message m), nil when none is idle, and whether it is r's client's own;
// p.mu is held. It is the least recently active of r's client's own
// (begunBy) when one of them is idle, else of all: a client that opens
// session after session and ends none (a script making a new SDK client
// for every call) then ends its own, not the session of another client
// idle between its calls (an editor's), whose recording the first session
// past the cap cut in two.
func (p *Proxy) leastActiveIdle(r *http.Request, m message) (*Client, bool) {
	var victim *Client
	var oldest int64
	var own bool
	sender := senderOf(r)
	name, version := m.client()
	for _, c := range p.all {
		seen, idle := c.idle()
		if !idle {
			continue
		}
		if mine := c.begunBy(sender, name, version); victim == nil || mine && !own || mine == own && seen < oldest {
			victim, oldest, own = c, seen, mine
		}
	}
	return victim, own
}

// begunBy reports whether a request beginning a session, sent by sender
// (senderOf) and naming clientInfo name and version (none when it names
// none), comes from the client that began session c: the same host and the same
// User-Agent, none only where none was sent, and the same clientInfo
// where both name one. Unlike sameClient, a client that sends none is not
// every client's: the requests that begin sessions are each client's own
// kind (its initialize, or its stream's GET), and an editor that names
// itself nothing is not a script's to end. Two clients behind one address
// often send one User-Agent (their HTTP library's), and an editor's
// clientInfo is not a script's: it is what tells them apart. An address
// and User-Agent are all a GET or a request without clientInfo gives.
func (c *Client) begunBy(sender, name, version string) bool {
	if sender != c.sender {
		return false
	}
	cname, cversion := c.Info()
	return name == "" || cname == "" || name == cname && version == cversion
}

// closeEvicted closes the records of a session admit ended; nil is none.
func closeEvicted(c *Client) {
	if c != nil {
		c.closeIfDone()
	}
}

// dropLocked takes a session whose records closed off the live ones;
// p.mu is held.
func (p *Proxy) dropLocked(c *Client) {
	for i, v := range p.all {
		if v == c {
			p.all = append(p.all[:i], p.all[i+1:]...)
			return
		}
	}
}

// drop takes a session whose records closed off the live ones.
func (p *Proxy) drop(c *Client) {
	ncs := c.openConns()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.dropLocked(c)
	p.unlistLocked(c, ncs)
}

// full answers a request that would begin a session beyond the cap, and
// tells the watcher, as the request is in no session to be recorded in;
// or, once the proxy is stopping, one that came in before it stopped and
// would begin a session after (makeClient).
func (p *Proxy) full(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	// Its share is why only when there is room for others.
	closed, greedy := p.closed, len(p.all) < p.cfg.MaxSessions && p.holdsShare(r, message{})
	p.mu.Unlock()
	if closed {
		p.stopped(w, r)
		return
	}
	why := fmt.Sprintf("%d client sessions are open at once and none is idle (each has a stream open or a request in flight), so no new session can begin", p.cfg.MaxSessions)
	short := fmt.Sprintf("all %d sessions are busy", p.cfg.MaxSessions)
	if greedy {
		why = fmt.Sprintf("this client (%s) holds %d client sessions at once, as many as one client may (of %d in all: a quarter is kept for other clients), and none of them is idle (each has a stream open or a request in flight), so it can begin no other", requestLabel(r), p.share(), p.cfg.MaxSessions)
		short = fmt.Sprintf("this client holds %d sessions, its share", p.share())
	}
	http.Error(w, "mcpscope proxy: "+why+"; end a session (close its stream, or DELETE it), then retry, or restart the proxy with a larger --max-sessions",
		http.StatusServiceUnavailable)
	reason := RefusedBusy
	if greedy {
		reason = RefusedShare
	}
	p.refusedFor(r, Refusal{Status: http.StatusServiceUnavailable, Why: why, Short: short, Reason: reason})
}

// Refusal is a request the proxy refused in no session, so that no
// recording tells of it (Config.OnRefused).
type Refusal struct {
	// Method and URI are the request's; the URI is quoted as the proxy
	// quotes a session id (shownID), a page or client chooses it freely.
	Method, URI string
	// Credentials are those in the request's query ("?token=",
	// urlpass.QueryParams), the whole of each: the watcher masks them in
	// URI, where a cut may have left the start of one.
	Credentials []urlpass.Param
	// From is the client's address.
	From string
	// Status is what the proxy answered it.
	Status int
	// Why is what was wrong with it, as a clause, e.g. `its Origin
	// "http://evil.example" is not a local page (DNS rebinding protection)`.
	Why string
	// Short is Why in a few words that quote nothing the client chose,
	// e.g. "its Origin is not local": a status bar 80 columns wide says it
	// whole.
	Short string
	// Reason is why the proxy refused it, where one status has several
	// (a 503 for want of a session, or of room for its body): each has
	// its own words, and its own cure, in the report.
	Reason RefusedFor
}

// RefusedFor is why the proxy refused a request (Refusal.Reason).
type RefusedFor int

const (
	// RefusedOther is a refusal its status says (403, 413, 408, 400).
	RefusedOther RefusedFor = iota
	// RefusedBusy is a 503 for every one of --max-sessions sessions
	// being busy.
	RefusedBusy
	// RefusedShare is a 503 for the client holding its share of the
	// sessions (three quarters of --max-sessions), none of them idle:
	// the others were kept for other clients.
	RefusedShare
	// RefusedNoRoom is a 503 for want of room for its body among the
	// bodies the proxy holds at once (four times --max-event-size).
	RefusedNoRoom
	// RefusedLeft is a 503 no one read: the client went away while its
	// body waited for room.
	RefusedLeft
	// RefusedStopping is a 503 for a request that came, or whose body
	// was still waiting for room, as the proxy stopped.
	RefusedStopping
	// RefusedByServer is a request Go's HTTP server answered itself
	// before the proxy saw it (Listener): a request line or a header
	// malformed (400), headers too large (431). Its Method and URI are
	// not known.
	RefusedByServer
)

// refused tells the watcher of request r, refused with status for why
// (short in a few words, reason for its kind) and in no session.
func (p *Proxy) refused(r *http.Request, status int, why, short string, reason RefusedFor) {
	p.refusedFor(r, Refusal{Status: status, Why: why, Short: short, Reason: reason})
}

// refusedFor tells the watcher of request r, refused as rf says, in no
// session; the request's own fields are filled in here.
func (p *Proxy) refusedFor(r *http.Request, rf Refusal) {
	if p.cfg.OnRefused != nil {
		rf.Method, rf.URI, rf.Credentials, rf.From = r.Method, shownID(r.URL.RequestURI()), urlpass.QueryParams(r.URL.RequestURI()), r.RemoteAddr
		p.cfg.OnRefused(rf)
	}
}

// rememberEnded keeps the session id of a session admit ended, so that when
// its client comes back its new session says what became of the old one.
// It keeps the last few; p.mu is held.
func (p *Proxy) rememberEnded(c *Client) {
	p.evictions++
	c.mu.Lock()
	sid, by := c.sessionID, endedBy{n: c.ID, init: c.initializedInLocked()}
	c.mu.Unlock()
	if sid == "" {
		return
	}
	// Ended again (its client came back since), it moves to the newest.
	p.noteEnded(&p.ended, sid, by)
}

// unknownSession says how a session the proxy has no record of came to
// be used, and what it is once upstream accepts a request in it (the
// session's open line: its initialize is not in this recording); p.mu is
// held.
// earlier says which recording the session had before, when the proxy
// knows ("" when it does not); init is the client session whose recording
// has its initialize, 0 when none has; r is the request using it.
func (p *Proxy) unknownSession(sid string, r *http.Request) (how, joined, earlier string, init int) {
	id := shownID(sid)
	if other := p.usingLocked(sid); other != nil {
		return fmt.Sprintf("the client uses streamable HTTP session %s, which session %d (%s, from %s) uses too: recorded apart, as another client's", id, other.ID, other.Label(), other.Remote),
			fmt.Sprintf("session %s, which client session %d uses too: its initialize is not in this recording", id, other.ID), "", other.initializedIn()
	}
	// The newest of its endings is what became of it: an id ended one
	// way, used again and ended another was told of the first ending
	// checked, in a fixed order, however old.
	var by endedBy
	var from *endedSessions
	for _, rs := range []*endedSessions{&p.deleted, &p.left, &p.gone, &p.ended} {
		if e, ok := rs.recorded(sid); ok && (from == nil || e.at > by.at) {
			by, from = e, rs
		}
	}
	// A session whose recording the proxy ended (client session n), whose
	// end how says: its initialize is in the recording of by.init, which
	// is n's own unless n met the session mid-way too.
	ended := func(how string) (string, string, string, int) {
		where := fmt.Sprintf("its initialize is in the recording of client session %d, not this one", by.init)
		if by.init == 0 {
			where = fmt.Sprintf("its initialize is in no recording of this proxy (client session %d, its last, met it mid-way too)", by.n)
		}
		return fmt.Sprintf("the client uses streamable HTTP session %s again, %s", id, how),
			fmt.Sprintf("session %s again: %s", id, where), fmt.Sprintf("which client session %d recorded", by.n), by.init
	}
	switch from {
	case &p.deleted:
		// A client that ended its session and goes on in it: upstream
		// says what became of it, and the proxy which session it was,
		// and whose, when another client's DELETE ended it.
		earlier = fmt.Sprintf("which the client ended with DELETE in client session %d", by.n)
		if !by.sentBy(r) {
			earlier = fmt.Sprintf("which another client (%s, from %s) ended with DELETE in client session %d", by.label, by.remote, by.n)
		}
		return fmt.Sprintf("the client uses streamable HTTP session %s again, %s", id, earlier),
			fmt.Sprintf("session %s again, %s: upstream took it back", id, earlier), earlier, by.init
	case &p.left:
		return ended(fmt.Sprintf("whose recording (client session %d) ended when the client closed its GET stream with nothing else open", by.n))
	case &p.gone:
		return ended(fmt.Sprintf("whose recording (client session %d) ended when the client closed every connection it used", by.n))
	case &p.ended:
		return ended(fmt.Sprintf("after mcpscope ended its recording (client session %d) to keep within %d client sessions", by.n, p.cfg.MaxSessions))
	}
	joined = "session " + id + ", begun before this proxy saw it: its initialize is not in this recording"
	if p.evictions > 0 {
		return "the client uses streamable HTTP session " + id + ", which began before the proxy saw it, or whose recording mcpscope ended long ago to keep within its client sessions", joined, "", 0
	}
	return "the client uses streamable HTTP session " + id + ", which began before the proxy saw it", joined, "", 0
}

// usingLocked is a live session of another client that uses streamable
// session id sid, or nil; p.mu is held.
func (p *Proxy) usingLocked(sid string) *Client {
	for _, c := range p.sessions {
		c.mu.Lock()
		same := c.sessionID == sid
		c.mu.Unlock()
		if same {
			return c
		}
	}
	return nil
}
