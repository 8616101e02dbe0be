package proxy

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// legacyEnded ends legacy session c as its stream ended (how relaying it
// ended is err): a legacy session lasts as long as its stream, which
// openStream relayed.
func (p *Proxy) legacyEnded(c *Client, l *leg, err error) {
	why, cause := "upstream ended the stream", error(&mcp.WireError{Cause: mcp.CauseStreamEnded, Transport: mcp.TransportSSE,
		Message: "upstream ended the stream before the answer"})
	switch {
	case l.clientLeft(err):
		why = "the client closed the stream"
		cause = errors.New("the client closed its stream before the answer came; the proxy closed the upstream stream")
	case p.life.Err() != nil:
		why = "the proxy stopped"
		cause = errors.New(why)
	case err != nil:
		why = "upstream's stream broke: " + err.Error()
		cause = &mcp.WireError{Cause: mcp.CauseStreamEnded, Transport: mcp.TransportSSE, Message: why, Err: err}
	}
	c.obs.FailConn(conn, mcp.OpStream, cause)
	c.end(why)
	if err != nil && !l.clientLeft(err) && p.life.Err() == nil {
		// The client gets what upstream did: a broken stream.
		panic(http.ErrAbortHandler)
	}
}

// legacyPost relays a POST to a legacy session's endpoint.
func (p *Proxy) legacyPost(w http.ResponseWriter, r *http.Request, body []byte, m message, c *Client) {
	c, done := p.hold(w, c, mcp.TransportSSE, r, "the client posts to a legacy HTTP+SSE session whose stream had ended", "a POST after the stream ended")
	if c == nil {
		return
	}
	defer done()
	if !c.otherSender(r) {
		if sid, again := c.initBefore(); m.method == "initialize" && again {
			// Its answer comes on the stream, read as any other; only
			// the pair said what it was ("← initialize error"), never
			// that the client began again within the session.
			c.state(mcp.StateOpen, initAgainWords(sid)+": upstream answers it on the stream (a server may refuse a second initialize); the session goes on")
		}
		// Another client's clientInfo does not rename the session.
		c.learn(m, "")
	}
	f := c.foreignAt(r.URL.RequestURI())
	purpose := mcp.PurposePost
	if m.method == discover && !c.initialized() {
		// The Go SDK's client asks which era first on a legacy session
		// too: a refusal is the answer, as on streamable HTTP (probe.go).
		purpose = mcp.PurposeProbe
	}
	l := p.newLeg(w, r, c, body, m, purpose)
	defer l.cancel()
	if f != nil {
		// A refused endpoint is a path of the proxy's own, whose POSTs
		// never come here (see own).
		l.to = f.target
	}
	resp, ok := l.send()
	if !ok {
		return
	}
	if m.method == "notifications/initialized" && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		// Upstream took it: logged before the answer goes out, since a
		// client goes on at the status line, with a body unread (a 202's
		// "Accepted") or closed (handshakeDone).
		c.handshakeDone()
	}
	err := l.answer(resp, mcp.StreamResponse, nil)
	l.finish(err)
}

// endpointRewriter makes a legacy endpoint event point the client at the
// proxy, and registers the session under the URI the client will POST to.
// Every endpoint event of the stream goes through it, the first and any
// later one alike: a client may follow a later one.
// The upstream's URI is resolved against the upstream stream's URL; as the
// proxy serves the same paths, a relative URI needs no change, and an
// absolute one on the upstream's origin becomes its path and query. One
// that names another origin, or no usable URL at all, is rewritten too:
// the client must not take its credentials there on the upstream's word
// (see offOrigin).
func (p *Proxy) endpointRewriter(c *Client, r *http.Request, stream *url.URL, since time.Time) rewriter {
	endpoints := 0 // the stream's endpoint events so far
	return func(ev *mcp.SSEEvent, sent int) (string, bool) {
		raw := string(ev.Raw)
		if ev.Name != "endpoint" {
			return raw, false
		}
		if sent > 0 || len(raw) > holdLimit {
			return p.endpointTooLarge(c, r, ev, sent, stream, since), false
		}
		if endpoints++; endpoints > maxEndpoints {
			return p.endpointPastLimit(c, r, ev, stream, since, endpoints), false
		}
		data := string(ev.Data)
		ep, err := mcp.ResolveEndpointEvent(stream, ev)
		var target *url.URL
		var taken string // the URI clash took for c, until register files it
		if err == nil {
			target, err = url.Parse(ep.Preferred)
		}
		if err != nil {
			ep = &mcp.Endpoint{Data: mcp.Raw(data), Base: stream.String(), Preferred: data}
			err = &mcp.WireError{Cause: mcp.CauseBadEndpoint, Transport: mcp.TransportSSE, Message: err.Error()}
		} else if err = p.offOrigin(target); err == nil {
			taken, err = p.clash(c, r, target)
		}
		use := func(ref string, f *foreign) string {
			taken = ""
			return p.register(c, r, ref, ep.SessionID, f)
		}
		ep.Conn, ep.Elapsed = conn, p.cfg.Now().Sub(since)
		ref, _ := url.Parse(strings.TrimSpace(data))
		out := raw
		switch {
		case err != nil:
			out = p.refuse(c, r, ev, ep, err, ", so the client's credentials do not go where upstream pointed")
			c.fail(mcp.OpNegotiate, err)
		case !mcp.SameOrigin(target, p.upstream):
			out = pointAt(ev, pathOn(target))
			ep.InUse = use(pathOn(target), &foreign{target: target})
			ep.Reason = "rewritten to its path, so the client posts to the proxy, which forwards to " + ep.Preferred +
				" (another origin, allowed with --allow-origin) with the client's own headers only, never --bearer or -H"
		case ref.IsAbs() || ref.Host != "":
			if strings.ContainsAny(data, "\r\n") {
				ep.InUse, ep.Reason = ep.Preferred, "relayed unchanged: data of several lines is not a URI the proxy can rewrite"
				break
			}
			rewritten, ok := ev.WithData(pathOn(target))
			if !ok {
				ep.InUse, ep.Reason = ep.Preferred, "relayed unchanged: the proxy rewrites only an endpoint event of one data line"
				break
			}
			out = rewritten
			ep.Reason = "rewritten from the upstream's absolute URI to its path, so the client posts to the proxy, which forwards to " + ep.Preferred
			ep.InUse = use(pathOn(target), nil)
		case backslashed(data) || strings.HasPrefix(strings.TrimSpace(data), "//"):
			// A browser's URL parser (Node's, so the TypeScript SDK's)
			// reads a backslash in a path as a slash: "/\\evil.example/x"
			// is //evil.example/x to it, another origin the client would
			// take its credentials to; and "///evil.example/x", a path to
			// Go, names that host too. Written as Go reads it (escaped,
			// see pathOn), the path means one thing to every client.
			rewritten, ok := ev.WithData(pathOn(target))
			if !ok {
				err = &mcp.WireError{Cause: mcp.CauseBadEndpoint, Transport: mcp.TransportSSE,
					Message: fmt.Sprintf("upstream's endpoint event %s has a path some clients read as another host (a backslash, or // at its start), and the proxy cannot rewrite it", clip.Quote(data, 256))}
				out = p.refuse(c, r, ev, ep, err, "")
				c.fail(mcp.OpNegotiate, err)
				break
			}
			out = rewritten
			ep.Reason = "rewritten so every client reads it as a path on the proxy: clients that parse URLs as browsers do read a backslash as a slash, and /\\host or ///host as another origin; the proxy forwards to " + ep.Preferred
			ep.InUse = use(pathOn(target), nil)
		default:
			ep.Reason = "relayed unchanged: a relative URI resolves to the same path on the proxy, which forwards to " + ep.Preferred
			ep.InUse = use(strings.TrimSpace(data), nil)
		}
		if taken != "" {
			// Refused, or relayed unchanged: the URI is not c's after
			// all, and a later session given it must not be refused as
			// clashing with c.
			p.release(c, taken)
		}
		c.obs.Emit(mcp.Record{Kind: mcp.KindEndpoint, Endpoint: ep})
		c.adopt(ep.SessionID)
		c.state(mcp.StateOpen, "endpoint "+ep.InUse)
		return out, false
	}
}

// endpointTooLarge refuses an endpoint event larger than holdLimit: no URI
// is that long, and the proxy streams a block that large as it comes
// rather than hold it. One that went out in part already (sent bytes) can
// no longer be changed, only renamed: a line naming it otherwise goes in
// before the blank line that ends it (the last event line names an
// event), so no client takes it for its endpoint, and an endpoint event
// of the proxy's refusing URI follows it. One held whole points the
// client at that URI in its place, as any refused endpoint does.
func (p *Proxy) endpointTooLarge(c *Client, r *http.Request, ev *mcp.SSEEvent, sent int, stream *url.URL, since time.Time) string {
	raw := string(ev.Raw)
	err := &mcp.WireError{Cause: mcp.CauseBadEndpoint, Transport: mcp.TransportSSE,
		Message: fmt.Sprintf("upstream sent an endpoint event of %d bytes, larger than the %d bytes any endpoint URI needs: the proxy refuses it", len(raw), holdLimit)}
	ep := p.refusedEndpoint(ev, stream, since)
	var out string
	if sent > 0 {
		// Renamed alone, it left the client waiting for an endpoint
		// until its own timeout (the Inspector's): the refusing URI
		// that follows has its first POST answered with why.
		out = renamed(raw) + p.refuse(c, r, ev, ep, err, "")
		ep.Reason = "renamed " + refusedEvent + " before its end, as it went out while it came, then followed by an endpoint event pointing the client at a URI on the proxy that refuses every POST with 502: " + err.Error()
	} else {
		out = p.refuse(c, r, ev, ep, err, "")
	}
	c.fail(mcp.OpNegotiate, err)
	c.obs.Emit(mcp.Record{Kind: mcp.KindEndpoint, Endpoint: ep})
	return out
}

// maxEndpoints bounds the endpoint events of one legacy stream the proxy
// registers: each registers its URI and session id for as long as the
// session lasts, and a server may send them without end. A server sends
// one, and another when its session changes; past this many, each points
// the client at the proxy's refusing URI, which is registered once.
const maxEndpoints = 64

// endpointPastLimit refuses endpoint event n of a stream, past
// maxEndpoints; the negotiation error is logged with the first of them.
func (p *Proxy) endpointPastLimit(c *Client, r *http.Request, ev *mcp.SSEEvent, stream *url.URL, since time.Time, n int) string {
	err := &mcp.WireError{Cause: mcp.CauseBadEndpoint, Transport: mcp.TransportSSE,
		Message: fmt.Sprintf("upstream sent more than %d endpoint events on one stream: the proxy refuses the rest (a server sends one, and another when its session changes)", maxEndpoints)}
	ep := p.refusedEndpoint(ev, stream, since)
	out := p.refuse(c, r, ev, ep, err, "")
	if n == maxEndpoints+1 {
		c.fail(mcp.OpNegotiate, err)
	}
	c.obs.Emit(mcp.Record{Kind: mcp.KindEndpoint, Endpoint: ep})
	return out
}

// refusedEndpoint is the record of an endpoint event refused before it
// was read as a URI: its data, quoted and clipped, as it came.
func (p *Proxy) refusedEndpoint(ev *mcp.SSEEvent, stream *url.URL, since time.Time) *mcp.Endpoint {
	return &mcp.Endpoint{Data: mcp.Raw(clip.Quote(string(ev.Data), 256)), Base: stream.String(), Conn: conn, Elapsed: p.cfg.Now().Sub(since)}
}

// refuse points the client at the proxy's refusing URI in place of the
// endpoint event ev, which every refused endpoint gets, and says so in
// ep: err is why (its POSTs are refused with it), and why adds to the
// reason recorded.
func (p *Proxy) refuse(c *Client, r *http.Request, ev *mcp.SSEEvent, ep *mcp.Endpoint, err error, why string) string {
	ep.InUse = p.register(c, r, refusedPath(c), "", &foreign{refusal: err})
	ep.Reason = "rewritten to a URI on the proxy that refuses every POST with 502" + why + ": " + err.Error()
	return pointAt(ev, refusedPath(c))
}

// refusedEvent is the name an endpoint event the proxy refuses after part
// of it went out is given: no client listens for it.
const refusedEvent = "mcpscope-refused-endpoint"

// renamed is the event block raw with an event line naming it
// refusedEvent before the blank line that ends it.
func renamed(raw string) string {
	end := len(raw) - 1
	if strings.HasSuffix(raw, "\r\n") {
		end--
	}
	if end < 0 {
		return raw
	}
	return raw[:end] + "event: " + refusedEvent + "\n" + raw[end:]
}

// pathOn is the path and query of u written so that every client reads it
// as a path on the proxy. A path beginning "//" is, as a reference, a
// scheme-relative URL naming another host ("//evil.example/x"), where a
// client would take its credentials; "/." before it is the same path to
// every URL parser, Go's and a browser's alike (the dot segment goes).
func pathOn(u *url.URL) string {
	uri := u.RequestURI()
	if strings.HasPrefix(uri, "//") {
		return "/." + uri
	}
	return uri
}

// backslashed reports endpoint data with a backslash before its query or
// fragment, where a browser's URL parser takes it for a slash.
func backslashed(data string) bool {
	ref := strings.TrimSpace(data)
	if i := strings.IndexAny(ref, "?#"); i >= 0 {
		ref = ref[:i]
	}
	return strings.Contains(ref, `\`)
}

// register files a legacy session under the URI the client resolves ref
// to, and its session id; it returns that URI as the client sees it. POSTs
// to that URI go where f says, when f is not nil.
func (p *Proxy) register(c *Client, r *http.Request, ref, sessionID string, f *foreign) string {
	u, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	local := localOf(r, u)
	c.mu.Lock()
	if f != nil {
		if c.foreign == nil {
			c.foreign = map[string]*foreign{}
		}
		c.foreign[local.RequestURI()] = f
	} else {
		// A later endpoint event naming the path on the upstream's own
		// origin: the POSTs to it go there now, not where an earlier
		// event on another origin sent them.
		delete(c.foreign, local.RequestURI())
	}
	c.mu.Unlock()
	p.mu.Lock()
	p.legacy[local.RequestURI()] = c
	if sessionID != "" {
		p.legacy["id:"+sessionID] = c
	}
	p.mu.Unlock()
	return local.String()
}

// localOf is ref resolved as the client of r resolves its endpoint event:
// the URI it will POST to on the proxy.
func localOf(r *http.Request, ref *url.URL) *url.URL {
	base, err := url.Parse(clientURL(r))
	if err != nil {
		// The client's Host can be no URL's host ("[::1" passes the
		// loopback check); the path and query, which name the session,
		// do not need it.
		base = &url.URL{Path: r.URL.Path, RawPath: r.URL.RawPath}
	}
	return base.ResolveReference(ref)
}

// clash says why the proxy refuses an endpoint event of c's stream that
// resolves to target: another live session's POSTs go to the same URI on
// the proxy. POSTs are routed by their URI alone, and registered for both,
// the first client's POSTs were relayed as the second's, recorded in its
// session, and sent to its origin when one was allowed with
// --allow-origin (the client's Authorization with them); once the second
// ended, they began sessions of their own. Upstream cannot tell the two
// apart either (SDKs give each session its own endpoint). nil when the
// URI is free, which then is c's (register files it there again), or c's
// own: taken in the same hold of p.mu as it is found free, so two
// streams whose endpoint events name it at once cannot both have it. taken
// is the URI when this call took it, for release when c does not keep it.
func (p *Proxy) clash(c *Client, r *http.Request, target *url.URL) (taken string, err error) {
	ref, err := url.Parse(pathOn(target))
	if err != nil {
		return "", nil
	}
	// As register files it.
	uri := localOf(r, ref).RequestURI()
	p.mu.Lock()
	other := p.legacy[uri]
	if other == nil {
		p.legacy[uri] = c
	}
	p.mu.Unlock()
	if other == nil {
		return uri, nil
	}
	if other == c {
		return "", nil
	}
	to := p.upstream
	if f := other.foreignAt(uri); f != nil && f.target != nil {
		to = f.target
	}
	return "", &mcp.WireError{Cause: mcp.CauseBadEndpoint, Transport: mcp.TransportSSE,
		Message: fmt.Sprintf("upstream's endpoint event points at %s, whose path %s on the proxy is already client session %d's endpoint (forwarded to %s): the proxy tells sessions' POSTs apart by that path alone, so it refuses this client's rather than relay them as session %d's", clip.Quote(target.Redacted(), 256), clip.Quote(uri, 256), other.ID, mcp.OriginOf(to), other.ID)}
}

// release gives back the URI uri that clash took for c, if c still has
// it.
func (p *Proxy) release(c *Client, uri string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.legacy[uri] == c {
		delete(p.legacy, uri)
	}
}
