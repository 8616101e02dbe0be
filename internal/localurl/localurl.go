// Package localurl names the URL a local client dials for a listener the
// program opened (the demo gateway, the proxy).
package localurl

import (
	"net"
	"strconv"
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
