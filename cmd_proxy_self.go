package main

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/urlpass"
	"github.com/mcpscope/mcpscope/mcp"
)

// proxyNamesItself says, as a usage error's words, when the upstream URL
// or an --allow-origin names the proxy's own listener at ln: the proxy
// would relay to itself, each request opening a session that relays to
// itself again, until --max-sessions or --max-in-flight refused the
// client with a 503 that blamed the client. Typing the proxy's URL for the
// server's (both on 127.0.0.1, 8812 and 8811) is an easy slip. Only hosts
// that need no DNS are judged (IP literals and localhost): a name is not
// looked up before the proxy starts.
func proxyNamesItself(upstream string, allow []string, ln net.Addr) error {
	tcp, ok := ln.(*net.TCPAddr)
	if !ok {
		return nil
	}
	if u, err := mcp.TargetURL(upstream); err == nil && pointsAtListener(u, tcp) {
		return fmt.Errorf("%q is this proxy's own address (--listen %s): it would relay every client to itself; give the server's URL, or --listen another port", urlpass.Typed(upstream), tcp)
	}
	for _, a := range allow {
		if u, err := url.Parse(strings.TrimSpace(a)); err == nil && pointsAtListener(u, tcp) {
			return fmt.Errorf("--allow-origin %q is this proxy's own address (--listen %s): an endpoint event naming it would have the proxy relay the client's POSTs to itself; leave it out", urlpass.Typed(a), tcp)
		}
	}
	return nil
}

// pointsAtListener reports whether a request to u would reach ln: plain
// HTTP (the proxy speaks no TLS), ln's port, and a host that is ln's
// address, or loopback or unspecified when ln listens on every address.
func pointsAtListener(u *url.URL, ln *net.TCPAddr) bool {
	if !strings.EqualFold(u.Scheme, "http") {
		return false
	}
	port := u.Port()
	if port == "" {
		port = "80"
	}
	if n, err := strconv.ParseUint(port, 10, 16); err != nil || int(n) != ln.Port {
		return false
	}
	host := strings.ToLower(u.Hostname())
	var ips []net.IP
	switch {
	case host == "localhost" || strings.HasSuffix(host, ".localhost"):
		ips = []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback}
	case net.ParseIP(host) != nil:
		ips = []net.IP{net.ParseIP(host)}
	}
	for _, ip := range ips {
		// Dialled, 0.0.0.0 and :: reach this machine, as loopback does.
		if ip.Equal(ln.IP) || ip.IsUnspecified() || ln.IP.IsUnspecified() && ip.IsLoopback() {
			return true
		}
	}
	return false
}
