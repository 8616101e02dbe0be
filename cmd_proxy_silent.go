package main

import (
	"context"
	"net"
	"net/http"
	"net/url"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// upstreamSilent is what to say when nothing listens at the upstream's
// host and port as the proxy starts, else "". The proxy starts all the
// same (the server may be started next), but it printed the URLs to point
// a client at and nothing else, and the client's first request was
// answered 502. An upstream reached through an HTTP proxy from the
// environment is not dialled: the proxy in between answers for it.
func upstreamSilent(ctx context.Context, upstream string) string {
	u, err := url.Parse(upstream)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	if via, err := http.ProxyFromEnvironment(&http.Request{URL: u}); err != nil || via != nil {
		return ""
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	addr := net.JoinHostPort(u.Hostname(), port)
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err == nil {
		conn.Close()
		return ""
	}
	return advice.For(advice.Fact{Cause: mcp.CauseUnreachable, Addr: addr}, advice.Watcher) +
		"; until it answers, each client is answered 502"
}
