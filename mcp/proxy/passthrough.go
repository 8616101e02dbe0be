package proxy

import (
	"net/http"

	"github.com/mcpscope/mcpscope/mcp"
)

// plainGet relays a GET that names no session and does not ask for an
// event stream (curl's, a browser's, a health check). Upstream can answer
// it with a legacy stream all the same, which the client can read and
// follow: that is a session like any other, whose endpoint event is
// rewritten (a client must not be pointed past the proxy, at an origin the
// user never named). Anything else is passed through, in no session.
func (p *Proxy) plainGet(w http.ResponseWriter, r *http.Request) {
	l := p.newLeg(w, r, nil, nil, message{}, mcp.PurposeStream)
	defer l.cancel()
	resp, err := l.roundTrip()
	switch {
	case err != nil:
		http.Error(w, "mcpscope proxy: cannot reach the upstream: "+err.Error(), http.StatusBadGateway)
	case !isEventStream(resp):
		defer resp.Body.Close()
		p.relayAnswer(w, resp)
	case p.crowded(r):
		resp.Body.Close()
		p.full(w, r)
	default:
		p.streamAnswered(w, r, l, resp)
	}
}

// passThrough relays a request that is no MCP message (a health check, a
// browser's GET /) as it is, in no session: nothing is recorded.
func (p *Proxy) passThrough(w http.ResponseWriter, r *http.Request) {
	body, ok := p.readBody(w, r)
	if !ok {
		return
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead || len(body) == 0 {
		body = nil
	}
	ctx, cancel := p.exchange(w, r)
	defer cancel()
	out, err := p.outbound(ctx, r, body, nil)
	if err == nil {
		keepUserAgent(out)
		// A plain Do, not mcp.SendTraced: no record carries a resend
		// count, and no POST comes here (post takes every one), so
		// Resendable would mark nothing; net/http resends a GET or
		// HEAD on its own, as for any client.
		var resp *http.Response
		if resp, err = p.client.Do(out); err == nil {
			defer resp.Body.Close()
			p.relayAnswer(w, resp)
			return
		}
	}
	http.Error(w, "mcpscope proxy: cannot reach the upstream: "+err.Error(), http.StatusBadGateway)
}

// relayAnswer relays an answer as it is, a Location on the upstream's
// origin pointed back at the proxy.
func (p *Proxy) relayAnswer(w http.ResponseWriter, resp *http.Response) {
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	dropHop(w.Header())
	if loc := resp.Header.Get("Location"); loc != "" {
		w.Header().Set("Location", p.local(loc))
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = copyTo(flusher{w}, resp.Body, nil)
}

// flusher flushes every write to the client.
type flusher struct{ w http.ResponseWriter }

func (f flusher) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	if err == nil {
		err = http.NewResponseController(f.w).Flush()
	}
	return n, err
}
