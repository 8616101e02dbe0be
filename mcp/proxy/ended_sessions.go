package proxy

import (
	"crypto/sha256"
	"net/http"
	"slices"
)

// endedSessions remembers a bounded number of ended session ids, each with
// the number of the client session that recorded it, so that a client
// coming back to a session whose recording ended (its legacy stream closed,
// the session limit ended it, its client sent DELETE or left) begins a new
// one saying which that was. An id remembered again moves to the newest;
// p.mu is held by callers.
//
// It is keyed, not mcp's fixed ring of recent values: its bound follows
// --max-sessions (any size), and it is looked up by id on every request
// of a session the proxy does not know, so a lookup must not cost a scan.
type endedSessions struct {
	by    map[string]endedBy
	order []string // oldest first, each id once
}

// endedBy is the client session that recorded an ended session id: its
// number, and for an id its client ended with DELETE the client that sent
// its requests, so that the one coming back to the id is told whether it
// was itself (the other sets name the session alone, and keep no more).
// sender is the client's senderOf, whose User-Agent is kept as idKey keeps
// an id: a client chooses it, up to the megabyte of headers a request may
// carry, and the ended are remembered by the thousand.
//
// init is the client session whose recording has the session's
// initialize, 0 when none has: not n when n met the session mid-way (it
// used another client's id, or came back to one ended), so that the next
// to come back is pointed at the initialize, not at the last to use it.
//
// at orders the endings of all the sets (noteEnded): an id may be in
// several, ended one way and then, its client come back, another, and
// the newest is what became of it.
type endedBy struct {
	n, init               int
	remote, sender, label string
	at                    uint64
}

// endedWith is what the DELETE set keeps of client session c: who it was,
// besides its number.
func endedWith(c *Client) endedBy {
	return endedBy{n: c.ID, init: c.initializedIn(), remote: c.Remote, sender: c.sender, label: c.Label()}
}

// endedAs is what the other sets keep of client session c: its number
// and where its initialize is.
func endedAs(c *Client) endedBy {
	return endedBy{n: c.ID, init: c.initializedIn()}
}

// initializedIn is the client session whose recording has c's
// initialize: c's own, unless the proxy met c mid-way; c.mu is not held.
func (c *Client) initializedIn() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.initializedInLocked()
}

// initializedInLocked is initializedIn with c.mu held.
func (c *Client) initializedInLocked() int {
	if c.joined == "" {
		return c.ID
	}
	return c.initIn
}

// sentBy reports whether r comes from the client of the session e names:
// the same host and the same User-Agent, none only where none was sent, as
// sessionKey files a session's requests. A client sending none is not
// every client's: the DELETE of a script that names itself nothing, used
// again by an editor, read as the editor's own.
func (e endedBy) sentBy(r *http.Request) bool {
	return senderOf(r) == e.sender
}

// remember notes that session sid, recorded by the client session by
// names, ended, keeping at most most ids.
func (rs *endedSessions) remember(sid string, by endedBy, most int) {
	sid = idKey(sid)
	if rs.by == nil {
		rs.by = map[string]endedBy{}
	}
	if _, ok := rs.by[sid]; ok {
		rs.order = slices.DeleteFunc(rs.order, func(s string) bool { return s == sid })
	} else if len(rs.order) >= most {
		delete(rs.by, rs.order[0])
		rs.order = rs.order[1:]
	}
	rs.by[sid] = by
	rs.order = append(rs.order, sid)
}

// noteEnded remembers in rs that session sid, recorded by the client
// session by names, ended, as the newest of p's endings; p.mu is held.
func (p *Proxy) noteEnded(rs *endedSessions, sid string, by endedBy) {
	p.endings++
	by.at = p.endings
	rs.remember(sid, by, p.keptEnded())
}

// recorded is the client session that recorded sid, if it is remembered.
func (rs *endedSessions) recorded(sid string) (endedBy, bool) {
	e, ok := rs.by[idKey(sid)]
	return e, ok
}

// keptEnded is how many ids each of p's endedSessions keeps: four for
// every session --max-sessions allows.
func (p *Proxy) keptEnded() int {
	return 4 * p.cfg.MaxSessions
}

// longestKeptID is the longest session id remembered as it is.
const longestKeptID = 128

// idKey is what stands for session id sid among the remembered (or for a
// User-Agent, endedBy's): sid, or when it is longer than longestKeptID its
// digest. A client chooses its Mcp-Session-Id, up to the megabyte of
// headers a request may carry, so an id remembered whole held up to a
// megabyte each, thousands of them. A digest begins with a NUL, which no
// session id or User-Agent has, so it never stands for a short one.
func idKey(sid string) string {
	if len(sid) <= longestKeptID {
		return sid
	}
	sum := sha256.Sum256([]byte(sid))
	return "\x00" + string(sum[:])
}
