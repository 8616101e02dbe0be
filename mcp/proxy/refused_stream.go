package proxy

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// A GET for an event stream at a path ending in /sse (where PROTOCOL.md
// starts a client at the legacy step, and where the proxy tells the user
// to point a legacy client) that upstream answers with an error that says
// nothing of the era (a gateway that is down: 5xx; credentials: 401, 403;
// too many: 429), or not at all, is a legacy client whose stream was
// refused: it got no endpoint event, so it has no session to POST to and
// will say nothing more in it. It was filed as a streamable client's GET
// before its initialize and shown as a streamable session, which it is not.
// A 400, 404 or 405 there still is: a host answering old /sse URLs with a
// streamable handler refuses a GET without a session so, and the client's
// initialize goes on with it (earlyGet). A redirect there (Location) is
// a legacy session too: the client follows it, through the proxy or past
// it, and that one ends saying where (redirectedWords).

// refusedLegacy reports whether a GET with no session id, answered resp
// (or not at all: err), is a legacy client's stream upstream refused.
func refusedLegacy(r *http.Request, resp *http.Response, err error) bool {
	if !atSSE(r) {
		return false
	}
	if err != nil {
		return true
	}
	switch s := resp.StatusCode; {
	case s >= 500, s == http.StatusUnauthorized, s == http.StatusForbidden,
		s == http.StatusProxyAuthRequired, s == http.StatusTooManyRequests:
		return true
	}
	return false
}

// triedAtLegacy reports upstream refusing a POST at a legacy path as a
// legacy server does, taking POSTs only at its endpoint (400 for want of
// a session id, the Go SDK's; 404, 405; PROTOCOL.md's step 3): a client that
// tries streamable HTTP first (mcp-remote's http-first, the TypeScript
// SDK's fallback) probing for it, as mcpscope's detection does, before it
// opens a legacy stream there. Its initialize is that probe, refused: not
// the session's failure.
//
// A 400 in JSON or as an event stream is a streamable server's, kept at
// /sse (a host answering old URLs with its streamable handler): its
// refusal of the initialize ("Unsupported protocol version") is the
// session's failure, which a probe's row would hide. A 404 or 405 is the
// route refusing the method whatever its page's type: web frameworks
// (Spring Boot, FastAPI) answer it in JSON for a legacy server's /sse.
func triedAtLegacy(r *http.Request, resp *http.Response) bool {
	switch resp.StatusCode {
	case http.StatusBadRequest:
		switch mcp.MediaType(resp.Header) {
		case "application/json", "text/event-stream":
			return false
		}
		return atSSE(r)
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return atSSE(r)
	}
	return false
}

// atSSE reports a request at a path ending in /sse.
func atSSE(r *http.Request) bool {
	return strings.HasSuffix(strings.TrimSuffix(r.URL.Path, "/"), "/sse")
}

// refusedStream relays upstream's refusal of a legacy client's stream
// (resp, or err when upstream gave none) in a legacy session of its own,
// which ends with it. Its client retrying (mcp-remote does) makes one such
// session a try: the recordings fold them (Client.RefusedStream, or with
// the sessions upstream never answered when it gave no answer).
func (p *Proxy) refusedStream(w http.ResponseWriter, r *http.Request, l *leg, resp *http.Response, err error) {
	const after = "no endpoint event, so the client has no session to POST to"
	ended := "the legacy stream could not open: "
	why := fmt.Sprintf("upstream could not be reached for the client's legacy HTTP+SSE stream (GET %s): %s", r.URL.Path, after)
	if gone := p.goneBeforeAnswer(r); gone != "" {
		why = fmt.Sprintf("%s before upstream answered the client's legacy HTTP+SSE stream (GET %s): %s", gone, r.URL.Path, after)
	}
	var redirected bool
	if err == nil {
		ended = "the legacy stream was refused: "
		why = fmt.Sprintf("upstream answered %s to the client's legacy HTTP+SSE stream (GET %s), not an event stream: %s", resp.Status, r.URL.Path, after)
		if to, home, ok := p.redirect(resp); ok {
			// Followed, it is a stream of its own: no refusal, and no
			// try of a client retrying one (folded as those are).
			ended, redirected = "", true
			why = redirectedWords(fmt.Sprintf("the client's legacy HTTP+SSE stream (GET %s)", r.URL.Path), resp, to, home)
		}
	}
	// One upstream never answered is folded with the other sessions
	// upstream answered nothing of, as it is one of them.
	c := p.newClientAs(mcp.TransportSSE, r, message{}, why, func(c *Client) {
		c.RefusedStream = err == nil && !redirected
		if redirected {
			c.answered.Store(true)
		}
	})
	if c == nil {
		if resp != nil {
			resp.Body.Close()
		}
		p.full(w, r)
		return
	}
	c.acquire()
	l.c, l.up.Purpose = c, mcp.PurposeStream
	if err != nil {
		l.unreachable(err)
	} else {
		l.finish(l.answer(resp, mcp.StreamLegacy, nil))
	}
	c.end(ended + why)
	c.release()
}

// goneBeforeAnswer says who ended a request upstream had not answered yet
// when it was not upstream: the proxy stopping, or the client leaving (as
// unreachable tells them apart); "" when neither did, and upstream could
// not be reached. Either was said to be upstream out of reach.
func (p *Proxy) goneBeforeAnswer(r *http.Request) string {
	switch {
	case p.life.Err() != nil:
		return "the proxy stopped"
	case r.Context().Err() != nil:
		return "the client left"
	}
	return ""
}
