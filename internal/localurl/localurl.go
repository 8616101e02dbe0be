// Package localurl names the URL a local client dials for a listener the
// program opened (the demo gateway, the proxy).
package localurl

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// For turns a listener address into a URL a local client can dial: a
// wildcard host (0.0.0.0 or ::) is not dialable everywhere, so it becomes
// 127.0.0.1.
func For(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return "http://" + a.String()
	}
	host := tcp.IP.String()
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(tcp.Port))
}

// CheckAddr says what is wrong with an address to listen on, host:port,
// before net.Listen does it in its own words ("listen tcp: address 99999:
// invalid port"). example is a good address to name, e.g. 127.0.0.1:8812.
// Port 0 is allowed: it picks a free port.
func CheckAddr(addr, example string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return fmt.Errorf("%q is not host:port, e.g. %s", addr, example)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q: the port %s is not a number from 0 to 65535 (0 picks a free port), e.g. %s", addr, port, example)
	}
	return nil
}

// IsLocalHost reports whether a host (with or without a port) is this
// machine: localhost, a name under .localhost, or a loopback address.
func IsLocalHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
