package mcp

import (
	"net/url"
	"testing"
)

// An HTTPS proxy that cannot reach the server for a moment (502, 503
// while it restarts) leaves the GET stream to be tried again, as the
// server's own 5xx does; one that refuses the tunnel (403, 407) does not.
// It was given up at once, where before CauseProxyRefused it was tried
// again as a dropped connection.
func TestGetStreamThroughARefusingProxyIsTriedAgainOnly5xx(t *testing.T) {
	for code, want := range map[int]bool{502: true, 503: true, 403: false, 407: false} {
		err := &url.Error{Op: "Get", URL: "https://mcp.example.test/mcp", Err: &ProxyRefusedError{Proxy: "127.0.0.1:3128", Target: "mcp.example.test:443", Code: code}}
		we := &WireError{Cause: FailureCause(err), Err: err}
		if got := transientGet(we); got != want {
			t.Errorf("a proxy's %d: tried again %v, want %v", code, got, want)
		}
	}
}
