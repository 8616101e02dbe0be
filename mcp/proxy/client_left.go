package proxy

import (
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// closedBy begins the detail of a GET stream's state that says who closed
// it, the client or upstream (streamClosed).
const closedBy = "closed by "

// StreamClosed reports whether st says a client's GET stream closed, by
// the client or by upstream (its Detail says which); not when the proxy
// stopped, which ends every stream at once.
func StreamClosed(st *mcp.StateChange) bool {
	return st != nil && st.State == mcp.StateGetStream && strings.HasPrefix(st.Detail, closedBy)
}

// clientLeft notes that the client of streamable session c closed its GET
// stream; the exchange that ends last of c then checks whether the client
// left (leftAlone).
func (c *Client) clientLeft() {
	c.mu.Lock()
	c.left = true
	c.mu.Unlock()
}

// leftAlone, as an exchange of c ends, ends c when its client closed its
// GET stream, nothing of c is open now, nothing came since and nothing
// comes within earlyWait. A client keeps its GET stream open for as long
// as it uses the session; one that closes it and lets the rest end has
// left, and a DELETE, if it sends one, comes at once (mcpscope's own
// client closes its stream first; the SDKs send theirs before). One that
// sends none (the MCP Inspector CLI) left a recording that read "still
// being recorded" for as long as the proxy ran, which a capture of hours
// cannot tell from a live client: it ends, and a request that comes back
// with the session's id begins a recording of its own that says which one
// this was (unknownSession). The check waits for the last exchange, not
// the stream: a client killed mid-call loses its GET stream and the call
// together, and whichever of the two ends last finds the other gone. A
// session upstream named no id for is left to its lookups: its client's
// next request is told apart by nothing else.
func (c *Client) leftAlone() {
	c.waitWhile(c.leftLocked, c.p.earlyWait, c.endLeft)
}

// leftLocked reports, with c.mu held, whether c's client closed its GET
// stream and nothing of c came or is open since (leftAlone).
func (c *Client) leftLocked() bool {
	return c.left && c.sessionID != "" && c.active == 0 && !c.ending
}

// endLeft ends session c, whose client left (clientLeft), unless its
// client no longer looks so (leftLocked).
func (c *Client) endLeft() {
	c.endAway(c.leftLocked, func(sid string) string {
		if d, ok := c.deleteFailed(sid, "closed its GET stream"); ok {
			return d
		}
		return "the client closed its GET stream with nothing else of session " + shownID(sid) + " open, and sent nothing more: it left (upstream keeps the session until it expires it)"
	}, &c.p.left)
}

// endAway ends session c, whose client is away, for the detail words
// gives it, when still (called with c.mu held) is true now, and has its
// session id, if it has one, remembered in ids so that a client coming
// back with it is told which recording this was (unknownSession).
func (c *Client) endAway(still func() bool, words func(sid string) string, ids *endedSessions) {
	c.mu.Lock()
	sid, by := c.sessionID, endedBy{n: c.ID, init: c.initializedInLocked()}
	away := still()
	if away {
		c.ending = true
		c.endDetail = words(sid)
	}
	c.mu.Unlock()
	if !away {
		return
	}
	c.p.mu.Lock()
	c.p.forgetLocked(c)
	if sid != "" {
		c.p.noteEnded(ids, sid, by)
	}
	c.p.mu.Unlock()
	c.closeIfDone()
}

// deletes reports whether the client of c sent DELETE for its session
// and upstream did not refuse it: the DELETE may be what ends its streams.
func (c *Client) deletes() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.deleting && !c.deleteRefused
}
