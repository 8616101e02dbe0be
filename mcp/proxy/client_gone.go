package proxy

import (
	"context"
	"maps"
	"net"
	"net/http"
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// Track sets srv's hooks that tell the proxy when a client's connection
// opens and closes (ConnState) and which connection each request came on
// (ConnContext). With them, a session whose client closed every
// connection it used ends once nothing of it comes within earlyWait (see
// goneCheck): nothing else on the wire ends a stateless session, a
// streamable one upstream named no id for, or one of a client killed
// mid-call, which read "still being recorded" until the proxy stopped.
// Without them the proxy never ends a session so.
func (p *Proxy) Track(srv *http.Server) {
	srv.ConnState = p.connState
	srv.ConnContext = connContext
}

// connKey is the request context's key to the connection it came on.
type connKey struct{}

// connContext puts the connection nc in the context of every request that
// comes on it: connections are known by themselves, not by the client's
// address and port, which a client that reopens from the same port before
// the old connection's close is told of shares with the old one.
func connContext(ctx context.Context, nc net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, nc)
}

// connState notes a client's connection opening and closing.
func (p *Proxy) connState(nc net.Conn, st http.ConnState) {
	switch st {
	case http.StateIdle:
		idle(nc)
	case http.StateNew:
		p.mu.Lock()
		if p.open == nil {
			p.open = map[net.Conn][]*Client{}
		}
		p.open[nc] = nil
		p.mu.Unlock()
	case http.StateClosed, http.StateHijacked:
		p.mu.Lock()
		users := p.open[nc]
		delete(p.open, nc)
		p.mu.Unlock()
		for _, c := range users {
			c.connClosed(nc)
		}
	}
}

// connOf is the connection r came on; nil when the proxy is not told of
// connections (Track).
func connOf(r *http.Request) net.Conn {
	nc, _ := r.Context().Value(connKey{}).(net.Conn)
	return nc
}

// cameOn notes that a request of c came on the connection r came on, when
// the proxy is told of connections (Track).
func (c *Client) cameOn(r *http.Request) {
	nc := connOf(r)
	if nc == nil {
		return
	}
	c.p.mu.Lock()
	users, open := c.p.open[nc]
	if open && !slices.Contains(users, c) {
		c.p.open[nc] = append(users, c)
	}
	c.p.mu.Unlock()
	if !open {
		return
	}
	c.mu.Lock()
	if c.conns == nil {
		c.conns = map[net.Conn]bool{}
	}
	c.conns[nc] = true
	c.mu.Unlock()
}

// openConns are c's client's connections open still.
func (c *Client) openConns() []net.Conn {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Collect(maps.Keys(c.conns))
}

// unlistLocked takes session c, whose records closed, off the connections
// ncs (p.mu is held): a connection a client keeps for hours would
// otherwise hold every session it ever carried.
func (p *Proxy) unlistLocked(c *Client, ncs []net.Conn) {
	for _, nc := range ncs {
		if users, ok := p.open[nc]; ok {
			p.open[nc] = slices.DeleteFunc(users, func(v *Client) bool { return v == c })
		}
	}
}

// connClosed notes that the connection nc, which c used, closed.
func (c *Client) connClosed(nc net.Conn) {
	c.mu.Lock()
	delete(c.conns, nc)
	c.mu.Unlock()
	c.goneCheck()
}

// goneCheck, as an exchange of c ends or a connection it used closes,
// ends c when its client closed every connection it used, nothing of c
// relays, and nothing comes within earlyWait: the client is gone. A client
// that comes back begins a new recording, which says which one this was
// when it names the session's id (unknownSession). A legacy session ends
// with its stream, and one whose client closed its GET stream as
// leftAlone says; a session held back as a possible probe, or waiting
// for its client's initialize, waits for that first.
func (c *Client) goneCheck() {
	c.waitWhile(c.goneLocked, c.p.earlyWait, c.endGone)
}

// goneLocked reports, with c.mu held, whether c's client looks gone. One
// that closed its GET stream is left to leftAlone, which says so. A
// session upstream named an id for is its client's until a DELETE (or
// upstream forgetting the id): many clients open a connection a request,
// or let an idle one close within seconds (Node's fetch after 4 s), and a
// person pausing between calls would find their session cut into one
// recording a burst. So only a session with no id, or one whose client
// sent DELETE on its way out, ends so.
func (c *Client) goneLocked() bool {
	return (c.sessionID == "" || c.deleting) && !(c.left && c.sessionID != "") && c.conns != nil && len(c.conns) == 0 && c.active == 0 && !c.ending && c.used &&
		c.Transport != mcp.TransportSSE && !c.probing && c.first == nil && (!c.EarlyGet || !c.initAt.IsZero())
}

// endGone ends session c, whose client closed every connection it used
// (goneCheck), unless its client no longer looks gone (goneLocked): the
// same test the wait began on, so a session upstream named an id for
// since is not ended so.
func (c *Client) endGone() {
	c.endAway(c.goneLocked, func(sid string) string {
		if d, ok := c.deleteFailed(sid, "closed every connection it used"); ok {
			return d
		}
		detail := "the client closed every connection it used, with nothing of the session open, and sent nothing more: it left"
		if sid != "" {
			detail += " (upstream keeps session " + shownID(sid) + " until it expires it)"
		}
		return detail
	}, &c.p.gone)
}

// deleteFailed is how session sid of c ends, its client gone after what
// it did (did), when the client sent DELETE and it did not end the
// session upstream (upstream unreachable, or failing it), or the client
// hung up before upstream answered it, when whether it did is not known;
// ok is false when the client sent none. "sent nothing more" denied the
// DELETE beside it in the log, and "upstream keeps" the session of an
// upstream maybe down. Called with c.mu held.
func (c *Client) deleteFailed(sid, did string) (detail string, ok bool) {
	if !c.deleting || sid == "" {
		return "", false
	}
	if c.deleteDropped {
		return "the client " + did + " and sent DELETE for session " + shownID(sid) + ", but hung up before upstream answered it, so whether it ended the session upstream is not known: it left", true
	}
	return "the client " + did + " and sent DELETE for session " + shownID(sid) + ", which did not end it upstream (see the DELETE): it left (upstream, if it still runs, keeps the session until it expires it)", true
}
