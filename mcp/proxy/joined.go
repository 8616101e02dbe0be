package proxy

import (
	"errors"

	"github.com/mcpscope/mcpscope/mcp"
)

// A streamable session the proxy meets through an Mcp-Session-Id it does
// not know (it began before the proxy started, or another client uses its
// id) has no initialize to open it: it is open once upstream accepts a
// request in it, and says then what it is (Client.joined), so a watcher
// does not see it wait for ever on a handshake that happened elsewhere.

// accepted opens a session the proxy met mid-way once upstream answered a
// request in it with status, a success.
func (c *Client) accepted(status int) {
	ok := status >= 200 && status < 300
	c.mu.Lock()
	joined := c.joined
	if ok && c.goneSaid {
		// Upstream knows the id again (a restart that kept it): the
		// session is not ended for having been forgotten (endWhenQuiet).
		c.goneSaid = false
		c.stopWaitLocked()
	}
	c.mu.Unlock()
	if joined != "" && ok {
		c.openOnce(joined)
	}
}

// goneEnd is why session c (sid) ends when upstream says it does not know
// it: a session the proxy met mid-way that upstream never accepted was
// never open here, and "no longer" would say it had been.
func (c *Client) goneEnd(sid string) string {
	c.mu.Lock()
	never, earlier := c.joined != "" && !c.opened, c.earlier
	c.mu.Unlock()
	if never && earlier != "" {
		return "upstream no longer knows session " + shownID(sid) + ", " + earlier
	}
	if never {
		return "upstream does not know session " + shownID(sid) + " either: it was never open through this proxy"
	}
	return "upstream no longer knows the session"
}

// reinitialized says what became of an initialize the client sent within
// its session sid: upstream answered status, with its result when
// reopened, else with refused (its JSON-RPC error, nil for none); newID is
// the session id upstream's answer names, if any.
func (c *Client) reinitialized(sid, status string, reopened bool, refused *mcp.RPCError, newID string) {
	what := initAgainWords(sid)
	switch {
	case reopened && newID != "" && newID != sid:
		c.state(mcp.StateOpen, what+": upstream answered with a result and a new session id "+shownID(newID)+", which the client's requests use from now on")
	case reopened:
		c.state(mcp.StateOpen, what+": upstream answered with a result; the session goes on")
	case refused != nil:
		c.fail(mcp.OpPost, errors.New(what+": upstream refused it ("+refused.Error()+"); the session goes on as it was"))
	default:
		c.fail(mcp.OpPost, errors.New(what+": upstream answered "+status+" with no result; the session goes on as it was"))
	}
}

// initAgainWords begins what is said of an initialize a client sends
// within its session sid ("" when the session has no id the proxy knows),
// in every transport.
func initAgainWords(sid string) string {
	if sid == "" {
		return "the client initialized again within its session"
	}
	return "the client initialized again within session " + shownID(sid)
}

// initBefore reports whether the client of session c sent an initialize
// in it before, with the session's id ("" when the proxy knows none), in
// one look.
func (c *Client) initBefore() (sid string, sent bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sessionID, c.initSent
}

// OpenedMidway reports whether st is the opening of a session the proxy
// met mid-way (Client.joined): its id is the one its client sent, not one
// an initialize answer relayed through the proxy named.
func (c *Client) OpenedMidway(st *mcp.StateChange) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return st != nil && st.State == mcp.StateOpen && c.joined != "" && st.Detail == c.joined
}
