package proxy

// How a client session is named for a person: by what it said of itself,
// where it came from, and where it went.

import (
	"net"
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// OffPathWords says that the session's first request used another path
// than the URL the proxy was given, so its requests went to that other
// path on the upstream's origin, another endpoint than the one given (a
// client may put /mcp on any URL it is told, as the MCP Inspector CLI does
// with --transport http); "" when it used the path given, or the URL given
// has none. The session's detection says it, so the Negotiation pane and
// a replay do, and proxy --headless prints it as the session begins.
func (c *Client) OffPathWords() string {
	if c.p == nil || strings.TrimSuffix(c.p.upstream.Path, "/") == "" || c.path == c.p.upstream.Path {
		return ""
	}
	what := "the client came to " + clip.Quote(c.path, LabelLimit) + ", not to " + clip.Quote(c.p.upstream.Path, LabelLimit) +
		" of the URL given: its requests go to that other path on the upstream"
	if strings.HasSuffix(c.path, "/mcp") {
		// Why a client would: said only where it is why (a client told
		// /sse came to /sse, not to /mcp).
		what += " (a client may put /mcp on any URL it is told)"
	}
	return what
}

// Label names the client for a person: its clientInfo, else its
// User-Agent, else its address, cut to LabelLimit bytes.
func (c *Client) Label() string {
	name, version := c.Info()
	switch {
	case name != "":
		return clip.Quote(strings.TrimSpace(name+" "+version), LabelLimit)
	case c.UserAgent != "":
		return agentLabel(c.UserAgent)
	}
	return hostOf(c.Remote)
}

// requestLabel names the client that sent r as Label names a session's
// before its clientInfo comes (its User-Agent, cut), and its address.
func requestLabel(r *http.Request) string {
	if ua := r.Header.Get("User-Agent"); ua != "" {
		return agentLabel(ua) + ", from " + r.RemoteAddr
	}
	return "from " + r.RemoteAddr
}

// agentLabel names a client by its User-Agent as its clientInfo names it,
// "name version": the User-Agent's first product ("mcpscope/dev (linux)"
// is "mcpscope dev"). A session is named by its User-Agent until its
// clientInfo comes, and the two spellings of one name made its first
// lines ("mcpscope/dev") read as another client's. A User-Agent that
// does not begin with a product is kept whole, cut to LabelLimit bytes.
func agentLabel(ua string) string {
	product, _, _ := strings.Cut(strings.TrimSpace(ua), " ")
	name, version, ok := strings.Cut(product, "/")
	if !ok || name == "" || version == "" || strings.ContainsAny(product, "()") {
		return clip.Quote(ua, LabelLimit)
	}
	return clip.Quote(name+" "+version, LabelLimit)
}

// LabelLimit is the most of a client's own words a Label holds: a label
// begins every line printed about its session and names it in the TUI,
// and a client can name itself (clientInfo, User-Agent) megabytes long.
const LabelLimit = 100

// hostOf is an address without its port.
func hostOf(addr string) string {
	if h, _, err := net.SplitHostPort(addr); err == nil {
		return h
	}
	return addr
}

// senderOf is who the client that sent r is, as the proxy tells clients
// apart: its host and its User-Agent (as idKey keeps it), none only where
// none was sent. Filing a session (sessionKey), a DELETE of an ended one
// (sentBy) and a new session's eviction (begunBy) all compare it, so they
// agree on who a client is.
func senderOf(r *http.Request) string {
	return hostOf(r.RemoteAddr) + "\x00" + idKey(r.Header.Get("User-Agent"))
}
