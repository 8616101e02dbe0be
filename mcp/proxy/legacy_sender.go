package proxy

import (
	"fmt"
	"net/http"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// A legacy session is its endpoint URI: whoever POSTs there is in the
// session, and the answer goes to the stream that gave the URI, not to the
// POST. So a POST from another client (one that learnt or guessed the
// URI) stays in the session whose stream it feeds, but the session says,
// once for each such client, that the POST came from someone other than
// the client reading the stream: otherwise its messages read as that
// client's own. A streamable session's id used by another client is
// recorded apart instead (see sessionKey): there the answer goes back to
// the POST.

// otherSender reports whether r, a POST of legacy session c, comes from
// another client than the one whose request began the session: another
// host, or another User-Agent where both name one (a client whose
// event-stream library sends none, unlike its POSTs, is still one
// client). It logs so once for each such client.
func (c *Client) otherSender(r *http.Request) bool {
	if sameClient(c.Remote, c.UserAgent, r) {
		return false
	}
	// senderOf digests a long User-Agent: one of up to the megabyte of
	// headers a request may carry is not held whole, maxSenders times over.
	key := senderOf(r)
	c.mu.Lock()
	seen := c.senders[key]
	if !seen {
		if c.senders == nil {
			c.senders = map[string]bool{}
		}
		if len(c.senders) < maxSenders {
			c.senders[key] = true
		}
	}
	c.mu.Unlock()
	if seen {
		return true
	}
	host, ua := hostOf(r.RemoteAddr), r.Header.Get("User-Agent")
	who := func(host, ua string) string {
		if ua == "" {
			return host
		}
		return host + ", User-Agent " + clip.Quote(ua, LabelLimit)
	}
	c.fail(mcp.OpPost, fmt.Errorf("a POST to this legacy session's endpoint came from another client (%s) than the one whose stream began it (%s): it is relayed as the session's, and its answer goes to that stream, not to the client that sent it",
		who(host, ua), who(hostOf(c.Remote), c.UserAgent)))
	return true
}

// sameClient reports whether r comes from the client at remote calling
// itself ua (a session's client, c.Remote and c.UserAgent): the same
// host, and the same User-Agent where both name one (a client whose
// event-stream library sends none, unlike its POSTs, is still one client).
func sameClient(remote, ua string, r *http.Request) bool {
	rua := r.Header.Get("User-Agent")
	return hostOf(r.RemoteAddr) == hostOf(remote) && (rua == ua || rua == "" || ua == "")
}

// maxSenders bounds the other clients a session remembers having noted:
// past it, each further one is noted on every POST rather than the set
// grow without end.
const maxSenders = 64
