package proxy

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// A stream whose endpoint events the proxy must rewrite (a legacy
// session's, or one that may be) is rewritten whatever its wrapping: a
// client takes an endpoint from a stream it reads as events, and if the
// proxy did not, the client would POST, with its credentials, to wherever
// upstream pointed. Clients read more than the exact label as a stream
// (the TypeScript SDK's EventSource a Content-Type beginning with
// text/event-stream, Python's httpx-sse one containing it), and decode a
// body they asked to have compressed (Accept-Encoding, which the proxy
// relays, so upstream may compress it).

// sseLike reports an answer a client may read as an event stream: its
// Content-Type holds text/event-stream, parameters, a list or a suffix
// around it or not.
func sseLike(h http.Header) bool {
	return strings.Contains(strings.ToLower(h.Get("Content-Type")), "text/event-stream")
}

// plainStream readies resp, an answer sseLike says a client reads as a
// stream, for the rewriter: a body in a Content-Encoding the proxy decodes
// (mcp.DecodeBody, under its bound on compressed bodies) is decoded, and
// the client gets it so, without its encoding; upstream's length goes
// either way, since the rewriter changes the body's length (the client's
// read would be cut short, or left waiting). why says why one in an
// encoding it cannot decode is relayed to no one (refuseStream). It is
// called before the stream settles anything (openStream, getStream), so
// that a stream refused is not taken for one that opened, and again by
// answer, for any stream relayed with a rewriter.
func plainStream(resp *http.Response) (why string) {
	if encodedBody(resp) && !mcp.DecodeBody(resp) {
		return fmt.Sprintf("its event stream is in Content-Encoding %q, which the proxy cannot decode, so it cannot rewrite the endpoint events in it to point the client at the proxy", mcp.HeaderQuote(resp.Header.Get("Content-Encoding")))
	}
	resp.Header.Del("Content-Length")
	return ""
}

// asStream reports whether answer relays resp (ok: a success) with the
// rewriter rewrite as an event stream: a stream a client reads as one is
// rewritten, whatever its label or encoding (plainStream). refused says
// it could not be, and the client was answered so (refuseStream).
func (l *leg) asStream(resp *http.Response, ok bool, rewrite rewriter) (stream, refused bool) {
	if !ok || rewrite == nil || !sseLike(resp.Header) {
		return false, false
	}
	if why := plainStream(resp); why != "" {
		l.refuseStream(resp, why)
		return false, true
	}
	return true, false
}

// refuseStream answers the client 502 for a stream that cannot be relayed
// rewritten (why, plainStream's), and logs it: upstream's answer, the
// proxy's, and the failure.
func (l *leg) refuseStream(resp *http.Response, why string) {
	l.c.obs.Emit(mcp.Record{Kind: mcp.KindHTTP, HTTP: &l.up})
	l.w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	l.w.Header().Set("X-Content-Type-Options", "nosniff")
	l.writeStatus(http.StatusBadGateway)
	msg := fmt.Sprintf("%s answered %s, but %s", exchangeOf(l.r, l.up.URL, l.up.Purpose), resp.Status, why)
	_, _ = io.WriteString(l.w, "mcpscope proxy: "+msg+"\n")
	l.emitRelay()
	l.failed(opOf(l.up.Purpose), &mcp.WireError{Cause: mcp.CauseBadHTTP, Purpose: l.up.Purpose, Transport: l.c.kind(), Status: resp.StatusCode,
		Header:  map[string]string{"Content-Encoding": mcp.HeaderQuote(resp.Header.Get("Content-Encoding"))},
		Message: msg + refusedTo502})
}

// refusedTo502 ends what is said of a stream the proxy refused.
const refusedTo502 = " (the client was answered 502)"

// unreadStream refuses, in a session of its own that ends with the
// refusal, the event stream upstream answered a GET with no session id
// with (resp, l relayed it) that the proxy cannot rewrite (why). No event
// came to settle the session, so the path says which it is, as for a
// stream upstream refused (refusedLegacy): at /sse a legacy HTTP+SSE
// session, else a streamable client's GET stream. Either way the client
// got no stream, nor an endpoint event to POST to.
func (p *Proxy) unreadStream(w http.ResponseWriter, r *http.Request, l *leg, resp *http.Response, why string) {
	defer resp.Body.Close()
	transport, purpose, taken := mcp.TransportStreamable, mcp.PurposeGet, "a streamable HTTP GET stream, as its path does not end in /sse"
	if atSSE(r) {
		transport, purpose, taken = mcp.TransportSSE, mcp.PurposeStream, "a legacy HTTP+SSE session, as its path ends in /sse"
	}
	how := fmt.Sprintf("the client opened an event stream with no session id, and upstream answered %s with one the proxy cannot read: no event came to settle what it is, so it is taken for %s", resp.Status, taken)
	// Upstream answered it: the session is not folded with those upstream
	// answered nothing of. A legacy one ended with the refusal, as one
	// upstream refused (refusedStream): a client retrying it (Node's
	// fetch asks for br, and the proxy forwards its Accept-Encoding)
	// makes one a try, folded with the others, not a recording each.
	legacy := transport == mcp.TransportSSE
	c := p.newClientAs(transport, r, message{}, how, func(c *Client) {
		c.answered.Store(true)
		c.RefusedStream = legacy
	})
	if c == nil {
		p.full(w, r)
		return
	}
	c.acquire()
	defer c.release()
	l.c, l.up.Purpose = c, purpose
	l.refuseStream(resp, why)
	l.finish(nil)
	// The failure just logged says why whole: the end names the refusal
	// only, where it said the failure again word for word on the line
	// below it.
	c.end(fmt.Sprintf("the proxy refused the client's event stream, upstream's %s in Content-Encoding %q, as the failure says%s",
		resp.Status, mcp.HeaderQuote(resp.Header.Get("Content-Encoding")), refusedTo502))
}
