package proxy

import (
	"fmt"
	"net/http"

	"github.com/mcpscope/mcpscope/mcp"
)

// DefaultMaxInFlight is how many exchanges one client session relays at
// once when Config.MaxInFlight is 0. Each costs two connections (the
// client's and upstream's), and MaxSessions bounds sessions, not what one
// session holds open: a client opening GET stream after GET stream on an
// upstream that allows them would hold two files each until the proxy ran
// out. A real client keeps a stream or two and a handful of requests in
// flight; 64 leaves room for an agent fanning out parallel tool calls,
// which the proxy must not turn away: it is there to watch, not to limit.
const DefaultMaxInFlight = 64

// busy answers a request of session c, which relays MaxInFlight exchanges
// already, with 503 and a text body that says why and what to do, and
// records in the session that it was refused: nothing of it was relayed.
// DELETE is never refused so (hold), so a client can always end it.
func (p *Proxy) busy(w http.ResponseWriter, c *Client, r *http.Request) {
	why := fmt.Sprintf("the session already relays as many requests and streams at once as --max-in-flight allows (%d)", p.cfg.MaxInFlight)
	http.Error(w, "mcpscope proxy: "+why+"; wait for an answer or close a stream, then retry, or restart the proxy with a larger --max-in-flight",
		http.StatusServiceUnavailable)
	op := mcp.OpPost
	if r.Method == http.MethodGet {
		op = mcp.OpStream
	}
	// Counted in past the limit for the moment of the note: the session
	// must not close its records while it is written.
	if c.acquire() {
		c.refuse(op, http.StatusServiceUnavailable, "the client's "+r.Method+" "+shownID(r.URL.RequestURI())+" was refused with 503: "+why+"; nothing was relayed")
		c.release()
	}
}
