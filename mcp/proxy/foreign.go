package proxy

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// A legacy upstream's endpoint event can name another origin than the one
// the user pointed the proxy at, or no usable URL at all. Relayed as it
// came, the client would POST there directly, taking its Authorization
// (and anything else it sends) where the user never sent it, past the
// proxy. So every endpoint event of a legacy stream, the first and any
// later one (a client may follow a new one), reaches the client pointing
// at the proxy, or not as an endpoint at all:
//
//  1. An endpoint on another origin the user allowed (--allow-origin) is
//     rewritten to its path; the POSTs to it go to that origin with the
//     client's own headers only: the user's --bearer and -H go only to the
//     upstream.
//  2. Any other origin, a scheme that is not http or https, a URI that
//     names no host, or data that is no URI is rewritten to refusedPath,
//     whose POSTs are answered 502 with a text body saying why (both
//     origins named, and how to allow one). The refusal is logged as a
//     negotiation error when the event comes, and as each POST's failure.
//  3. An endpoint event larger than holdLimit is refused the same way; one
//     whose first bytes went out before it ended (the proxy streams a
//     block that large as it comes) is renamed before its end instead, so
//     no client takes it for an endpoint (endpointTooLarge).

// foreign is where the POSTs to one URI of a legacy session go when that
// is not the upstream: target, on an origin the user allowed, or nowhere,
// refused for refusal.
type foreign struct {
	target  *url.URL
	refusal error
}

// foreignAt is where the POSTs to the URI uri of session c go, or nil for
// the upstream.
func (c *Client) foreignAt(uri string) *foreign {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.foreign[uri]
}

// refusedPath is the URI on the proxy a legacy session's client is pointed
// at when upstream's endpoint is refused: one of the proxy's own, so it
// names no path of the upstream's.
func refusedPath(c *Client) string {
	return ownPrefix + "refused-endpoint/" + strconv.Itoa(c.ID)
}

// ownPrefix begins every path that is the proxy's own (refusedPath): no
// upstream path, so nothing sent to it is relayed.
const ownPrefix = "/.mcpscope/"

// ownPath reports a path of the proxy's own.
func ownPath(path string) bool { return strings.HasPrefix(path, ownPrefix) }

// own answers a request to a path of the proxy's own, and relays none. A
// POST of a live legacy session whose endpoint was refused is answered
// 502 saying why, in that session; anything else (a POST after that
// session ended included) is answered 404: relayed, it would take the
// client's Authorization, and the user's credentials with it, to a path
// upstream never named.
func (p *Proxy) own(w http.ResponseWriter, r *http.Request) {
	if c := p.legacyOf(r.URL); r.Method == http.MethodPost && c != nil && c.acquire() {
		defer c.release()
		if f := c.foreignAt(r.URL.RequestURI()); f != nil && f.refusal != nil {
			body, m, ok := p.readMessage(w, r)
			if !ok {
				return
			}
			c.learn(m, "")
			l := p.newLeg(w, r, c, body, m, mcp.PurposePost)
			defer l.cancel()
			l.refuse(f.refusal)
			return
		}
	}
	notOurs(w, r)
}

// notOurs answers 404 a request to a path of the proxy's own that is not
// a live session's POST: the POSTs of a legacy session whose endpoint was
// refused come there, and this is another method, or that session has
// ended (or never was).
func notOurs(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusNotFound)
	_, _ = fmt.Fprintf(w, "mcpscope proxy: %s %s is the proxy's own path, where it points a legacy HTTP+SSE client whose upstream endpoint it refused; only that client's POSTs are answered there, and only while its stream is open: nothing was relayed; reconnect the client to open a new session\n", r.Method, r.URL.Path)
}

// pointAt is the endpoint event ev with uri for its data: the bytes
// upstream sent with only the data changed when it has one data line, else
// an endpoint event of the proxy's own.
func pointAt(ev *mcp.SSEEvent, uri string) string {
	if out, ok := ev.WithData(uri); ok {
		return out
	}
	return "event: endpoint\ndata: " + uri + "\n\n"
}

// offOrigin says why the proxy will not forward a client's POSTs to u, an
// endpoint event resolved: nil for the upstream's origin or one the user
// allowed.
func (p *Proxy) offOrigin(u *url.URL) error {
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return &mcp.WireError{Cause: mcp.CauseBadScheme, Transport: mcp.TransportSSE,
			Message: fmt.Sprintf("upstream's endpoint event points at %q, whose scheme %q is not http or https: the proxy has nowhere to forward the client's POSTs, so it refuses them", u.Redacted(), u.Scheme)}
	case u.Hostname() == "":
		return &mcp.WireError{Cause: mcp.CauseBadEndpoint, Transport: mcp.TransportSSE,
			Message: fmt.Sprintf("upstream's endpoint event points at %q, which names no host (an absolute URI needs //host after its scheme): the proxy cannot tell where the client's POSTs would go, so it refuses them", u.Redacted())}
	case mcp.SameOrigin(u, p.upstream):
		return nil
	}
	for _, a := range p.allow {
		if mcp.SameOrigin(u, a) {
			return nil
		}
	}
	got, home := mcp.OriginOf(u), mcp.OriginOf(p.upstream)
	return &mcp.WireError{Cause: mcp.CauseCrossOrigin, Transport: mcp.TransportSSE,
		Header: map[string]string{"Origin": got, "Home": home},
		Message: fmt.Sprintf("upstream's endpoint event points at another origin, %s, not %s that the proxy relays to; "+
			"the proxy refuses to forward the client's POSTs there, so its credentials do not go where you did not send them. "+
			"If you trust %s, run the proxy with --allow-origin %s (it then gets the client's own headers, never --bearer or -H)", got, home, got, got)}
}

// allowOrigins parses the origins the user allowed (--allow-origin).
func allowOrigins(allow []string) ([]*url.URL, error) {
	if err := mcp.CheckOrigins(allow); err != nil {
		return nil, err
	}
	var out []*url.URL
	for _, a := range allow {
		u, err := mcp.TargetURL(a)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, nil
}

// refuse answers the client's POST 502 with a text body saying why,
// relays nothing, and logs it as the POST's failure.
func (l *leg) refuse(err error) {
	l.w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	l.w.Header().Set("X-Content-Type-Options", "nosniff")
	l.writeStatus(http.StatusBadGateway)
	_, _ = io.WriteString(l.w, "mcpscope proxy: "+err.Error()+"\n")
	l.emitRelay()
	l.failed(mcp.OpPost, err)
}
