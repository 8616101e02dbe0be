package proxy

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/localurl"
	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// refusal says why the proxy refuses a request: body is the answer's text,
// why is the cause as a clause for the watcher (Refusal.Why) and short is
// it in a few words (Refusal.Short); all "" when it is not refused. A
// browser sends the page's Origin with every cross-site request, so an
// Origin that is not local is a web page trying to reach a local server;
// and through DNS rebinding such a page can also make its own host name
// resolve to 127.0.0.1, which only the Host header then shows. MCP servers
// must refuse both, and so does the proxy (the Host check only on
// loopback, unless anyHost, where other names are genuine).
func refusal(r *http.Request, anyHost bool) (body, why, short string) {
	// Origin and Host are quoted whatever they hold (%q), so cut only:
	// shownID would quote one that is not all visible ASCII twice. A
	// password in the Origin's URL is masked, as in every URL the proxy
	// shows: no browser sends one, but a client may, and the line saying
	// why it was refused went to the screen and stderr with it.
	if o := foreignOrigin(r.Header); o != "" {
		o = clip.Quote(urlpass.Mask(o, urlpass.Masked), idLimit)
		return fmt.Sprintf("mcpscope proxy: refused a request from Origin %q: only local pages may use this proxy (DNS rebinding protection)", o),
			fmt.Sprintf("its Origin %q is not a local page (DNS rebinding protection)", o), "its Origin is not local"
	}
	if !anyHost && r.Host == "" {
		// An HTTP/1.0 request may leave Host out, and such a request
		// cannot show it is not a rebound one.
		return "mcpscope proxy: refused a request with no Host header: this proxy answers only to localhost and loopback addresses, so send Host (e.g. Host: 127.0.0.1:<port>) (DNS rebinding protection)",
			"it has no Host header, so it cannot show it names this machine (DNS rebinding protection)", "it has no Host header"
	}
	if !anyHost && !localurl.IsLocalHost(r.Host) {
		host := clip.Quote(r.Host, idLimit)
		return fmt.Sprintf("mcpscope proxy: refused a request for Host %q: this proxy answers only to localhost and loopback addresses (DNS rebinding protection)", host),
			fmt.Sprintf("its Host %q is not this machine (DNS rebinding protection)", host), "its Host is not local"
	}
	return "", "", ""
}

// foreignOrigin is the first Origin in h that is not a local page, or "".
// Every one is looked at: a request may carry two, and a server behind
// the proxy that reads the last (or both joined) would have taken a page
// the proxy let through for its first.
func foreignOrigin(h http.Header) string {
	for _, o := range h.Values("Origin") {
		if o != "" && !localOrigin(o) {
			return o
		}
	}
	return ""
}

// localOrigin reports whether an Origin header names a page served from
// this machine.
func localOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	return localurl.IsLocalHost(u.Host)
}

// CheckListen checks the form of the address the proxy is to listen on
// (host:port, a port from 0 to 65535). Whether it is loopback is judged
// once listened on, by the address the system gave the listener: a host
// name can resolve to 127.0.0.1 and "" to every interface.
func CheckListen(addr string) error {
	if err := localurl.CheckAddr(addr, "127.0.0.1:8812"); err != nil {
		return fmt.Errorf("--listen %w", err)
	}
	return nil
}

// acceptsEventStream reports whether a request asks for an event stream.
func acceptsEventStream(h http.Header) bool {
	for _, v := range h.Values("Accept") {
		if strings.Contains(strings.ToLower(v), "text/event-stream") {
			return true
		}
	}
	return false
}
