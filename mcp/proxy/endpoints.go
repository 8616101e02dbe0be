package proxy

import (
	"context"
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// Endpoint is a URL on the proxy a client can be pointed at.
type Endpoint struct {
	URL string
	// Transport is what is served there: mcp.TransportSSE or
	// mcp.TransportStreamable (which covers stateless 2026 too: the
	// client's request says which era it speaks).
	Transport string
	// About says it in a few words.
	About string
}

// Endpoints lists where to point clients, on the proxy reached at base
// (e.g. http://127.0.0.1:8812): the path the user named, or for a bare
// base URL the Docker gateway's paths, /sse and /mcp, that answer, each with
// the query the user named (often a key the upstream wants: the proxy
// relays the client's query, so the client must send it). A path
// ending in /mcp whose sibling /sse answers an event stream (as the demo
// gateway's does) gets that too; the probe opens and at once closes one
// legacy stream upstream, within ctx.
func (p *Proxy) Endpoints(ctx context.Context, base string) []Endpoint {
	base = strings.TrimSuffix(base, "/")
	legacy := func(path string) Endpoint {
		return Endpoint{base + path, mcp.TransportSSE, "legacy HTTP+SSE (2024-11-05)"}
	}
	streamable := func(path string) Endpoint {
		return Endpoint{base + path, mcp.TransportStreamable, "streamable HTTP (2025 sessions, or stateless 2026-07-28)"}
	}
	path := strings.TrimSuffix(p.upstream.Path, "/")
	query := ""
	if p.upstream.RawQuery != "" {
		query = "?" + p.upstream.RawQuery
	}
	switch {
	case path == "":
		// A gateway serves one or both: name only those that answer, and
		// both when neither does (the upstream is down, or says nothing
		// either way), as the client's own request will tell. /mcp is
		// left out only when it said 404: a streamable server may hold
		// back even the status line of a GET until it has a message, and
		// one that did so past the probe's time still serves /mcp.
		sse := p.servesLegacy(ctx, "/sse")
		streams, absent := p.servesStreamable(ctx, "/mcp")
		var eps []Endpoint
		if sse || !streams {
			eps = append(eps, legacy("/sse"+query))
		}
		if !absent || !sse {
			eps = append(eps, streamable("/mcp"+query))
		}
		return eps
	case strings.HasSuffix(path, "/sse"):
		return []Endpoint{legacy(path + query)}
	}
	eps := []Endpoint{streamable(path + query)}
	if sibling := strings.TrimSuffix(path, "/mcp") + "/sse"; strings.HasSuffix(path, "/mcp") && p.servesLegacy(ctx, sibling) {
		eps = append([]Endpoint{legacy(sibling + query)}, eps...)
	}
	return eps
}

// servesLegacy reports whether a GET of path, with the query the user
// named, on the upstream answers an event stream.
func (p *Proxy) servesLegacy(ctx context.Context, path string) bool {
	resp := p.probeGet(ctx, path)
	return resp != nil && resp.StatusCode == http.StatusOK && mcp.MediaType(resp.Header) == "text/event-stream"
}

// servesStreamable reports whether something answers at path other than
// "not found" (serves), and whether it answered just that (absent): a GET
// without a session is refused by a streamable server (400, 405) or opens
// its stream, where a gateway serving only /sse answers 404; no answer is
// neither. Nothing is POSTed, so no session is opened upstream.
func (p *Proxy) servesStreamable(ctx context.Context, path string) (serves, absent bool) {
	resp := p.probeGet(ctx, path)
	if resp == nil {
		return false, false
	}
	return resp.StatusCode != http.StatusNotFound, resp.StatusCode == http.StatusNotFound
}

// probeGet GETs path on the upstream, with the query the user named and
// their credentials, and closes the answer at once; nil when no answer
// came.
func (p *Proxy) probeGet(ctx context.Context, path string) *http.Response {
	u := *p.upstream
	u.Path, u.RawPath, u.User = path, "", nil
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil
	}
	req.Header.Set("Accept", "text/event-stream")
	p.credentials(req)
	// A plain Do: the probe is no recorded exchange, and a GET needs no
	// Resendable, net/http resending it on its own.
	resp, err := p.client.Do(req)
	if err != nil {
		return nil
	}
	resp.Body.Close()
	return resp
}
