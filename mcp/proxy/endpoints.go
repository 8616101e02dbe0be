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
// base URL both of the Docker gateway's paths, /sse and /mcp, each with
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
		return []Endpoint{legacy("/sse" + query), streamable("/mcp" + query)}
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
	u := *p.upstream
	u.Path, u.RawPath, u.User = path, "", nil
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return false
	}
	req.Header.Set("Accept", "text/event-stream")
	p.credentials(req.Header)
	resp, err := p.client.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK && mcp.MediaType(resp.Header) == "text/event-stream"
}
