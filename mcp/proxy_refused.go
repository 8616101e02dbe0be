package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// ProxyRefusedError is an HTTP proxy's refusal of the CONNECT that opens a
// tunnel to an https server (HTTPS_PROXY, or https_proxy, from the
// environment). net/http returns only the refusal's reason phrase ("Bad
// Gateway"), an error of no type, which read as a server that took the
// connection and closed it: the server was never reached.
type ProxyRefusedError struct {
	// Proxy is the proxy's host:port, never its userinfo: a proxy URL's
	// password is the user's to send to the proxy alone.
	Proxy string
	// Target is the host:port the tunnel was to reach.
	Target string
	// Status is the status line the proxy answered ("502 Bad Gateway"),
	// as it wrote it: server text, which the edges sanitize.
	Status string
	// Code is its status code: a 5xx is the proxy's passing trouble
	// reaching the server (transientGet), a 403 or 407 its refusal.
	Code int
}

// Error says who refused what, and how.
func (e *ProxyRefusedError) Error() string {
	return fmt.Sprintf("the HTTPS proxy at %s refused to open a tunnel (CONNECT) to %s: it answered %s", e.Proxy, e.Target, firstLine(e.Status))
}

// FailedAt is where a request to target that failed with err went, as
// advice names it (WireError.Addr): the HTTPS proxy that refused the
// tunnel, else the target's host and port.
func FailedAt(err error, target *url.URL) string {
	var refused *ProxyRefusedError
	if errors.As(err, &refused) {
		return refused.Proxy
	}
	return HostPort(target)
}

// NameProxyRefusals makes t's HTTP proxy's refusals of CONNECT
// ProxyRefusedError, for a transport made outside the session (the
// proxy's to its upstream).
func NameProxyRefusals(t *http.Transport) { t.OnProxyConnectResponse = proxyConnectRefused }

// proxyConnectRefused is a transport's OnProxyConnectResponse: net/http
// calls it with the proxy's answer to CONNECT, so its refusal is told by
// the answer itself, not by the words net/http would make of it. Any
// status but 200 is one, as net/http judges it.
func proxyConnectRefused(_ context.Context, proxy *url.URL, req *http.Request, resp *http.Response) error {
	if resp.StatusCode == http.StatusOK {
		return nil
	}
	target := req.Host
	if target == "" && req.URL != nil {
		target = req.URL.Opaque
	}
	return &ProxyRefusedError{Proxy: HostPort(proxy), Target: target, Status: statusText(resp), Code: resp.StatusCode}
}
