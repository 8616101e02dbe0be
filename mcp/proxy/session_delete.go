package proxy

import (
	"net/http"

	"github.com/mcpscope/mcpscope/mcp"
)

// A streamable client ends its session with DELETE: relayed, and what
// upstream answered says whether the session ended there.

// sessionDelete relays the DELETE that ends a streamable session.
func (p *Proxy) sessionDelete(w http.ResponseWriter, r *http.Request, sid string) {
	c, done := p.hold(w, p.sessionOf(sid, r), mcp.TransportStreamable, r, "the client ends a session that had ended", "a DELETE after the session ended")
	if c == nil {
		return
	}
	defer done()
	c.mu.Lock()
	// A DELETE retried after a refusal may be the one that ends the
	// session: the refusal before it says nothing of this one.
	c.deleting, c.deleteRefused = true, false
	c.mu.Unlock()
	l := p.newLeg(w, r, c, nil, message{}, mcp.PurposeDelete)
	defer l.cancel()
	ended := false
	resp, ok := l.sendNoting(func(resp *http.Response) {
		ended = resp != nil && resp.StatusCode >= 200 && resp.StatusCode < 300
		c.mu.Lock()
		defer c.mu.Unlock()
		c.deleteDropped = resp == nil && l.clientLeft(nil)
		// Noted before the client is answered (a refusal, or the
		// proxy's 502): a client that drops its stream on reading it
		// must not have that read as the DELETE's doing (streamClosed).
		// An upstream that could not be reached, or that broke the
		// connection before answering, ended nothing the proxy can
		// tell of either.
		c.deleteRefused = !ended && !c.deleteDropped
	})
	if !ok {
		return
	}
	// What the status line alone says ends the session before the client
	// is answered too: one that reuses the id on reading a 2xx is told
	// which session ended it (unknownSession), not filed into the ended
	// one.
	refusal, refused := mcp.NoDelete(resp.StatusCode, shownID(sid))
	if refused {
		// The client is done with the session either way.
		c.end("the client ended the session with DELETE; " + refusal)
	} else if ended {
		p.rememberDeleted(sid, c, false)
		p.sharedDeleted(c, sid, resp.Status)
		c.end("the client ended the session with DELETE (" + resp.Status + ")")
	}
	// A 404 says the session is gone by its status alone, and is noted
	// before the client is answered for the same reason; a 400 says so
	// only in the body, read as it is relayed.
	wasGone := !refused && !ended && resp.StatusCode == http.StatusNotFound && gone(c, l, resp, sid)
	if wasGone {
		p.endGone(c, sid)
	}
	err := l.answer(resp, mcp.StreamResponse, nil)
	if !refused && !ended && !wasGone && gone(c, l, resp, sid) {
		p.endGone(c, sid)
	}
	l.finish(err)
}

// endGone ends client session c, whose DELETE upstream answered saying it
// had no session sid (any more): its streams end with it. The client is
// done with it all the same, and nothing is left to keep. The id is
// remembered as a 2xx's is, so a client that sends it again (retrying the
// DELETE) begins a recording saying which session ended it. The others
// using the id are not told this DELETE ended it: upstream had no such
// session already. A DELETE retried again keeps the first ending
// remembered: the session that ended the id, not the last retry's.
func (p *Proxy) endGone(c *Client, sid string) {
	c.mu.Lock()
	c.deleteRefused = false
	c.mu.Unlock()
	p.rememberDeleted(sid, c, true)
	c.end("the client ended the session with DELETE; " + c.goneEnd(sid))
}

// rememberDeleted remembers that client session c ended session id sid
// with DELETE, for a client that uses the id again (unknownSession);
// unlessKnown keeps who ended it by an ending already remembered for sid,
// which is all the same the newest of the id's endings (noteEnded).
func (p *Proxy) rememberDeleted(sid string, c *Client, unlessKnown bool) {
	by := endedWith(c)
	p.mu.Lock()
	defer p.mu.Unlock()
	if known, ok := p.deleted.recorded(sid); unlessKnown && ok {
		by = known
	}
	p.noteEnded(&p.deleted, sid, by)
}
