package mcp

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// sessionParams are the spellings of the session id parameter seen in the
// wild: the Go SDK and Docker gateway, the TypeScript SDK, the Python SDK.
var sessionParams = []string{"sessionid", "sessionId", "session_id"}

// Reasons recorded in Endpoint.Reason.
const (
	ReasonPreferred = "the endpoint event's URI, resolved against the stream URL"
)

// maxEndpoint bounds the endpoint URI: more than twice the request line
// common servers and proxies take (8 KiB).
const maxEndpoint = 16 << 10

// ResolveEndpointEvent is ResolveEndpoint of the endpoint event ev's data,
// whose failure for no data names a field a person reads as "data" ("Data",
// "data "), which SSE readers ignore: the one clue to why there was none.
func ResolveEndpointEvent(streamURL *url.URL, ev *SSEEvent) (*Endpoint, error) {
	data := string(ev.Data)
	ep, err := ResolveEndpoint(streamURL, data)
	if name := dataAlikeName(ev.Raw); err != nil && strings.TrimSpace(data) == "" && name != "" {
		err = fmt.Errorf(`the endpoint event has no data: it carried the URI in a field named %q, which SSE readers ignore (%s, and only "data" carries data)`, clip.Quote(name, 32), DataAlikeWhy(name))
	}
	return ep, err
}

// ResolveEndpoint turns the data of an `endpoint` event into the URL to POST
// to, resolved against the URL of the GET that opened the stream, plus the
// canonical fallback `{base}/sse?sessionid=<id>` that the Docker MCP Gateway
// contract promises. Data is kept untouched so a user can compare what the
// server said with what was made of it (a lost proxy prefix shows up here).
func ResolveEndpoint(streamURL *url.URL, data string) (*Endpoint, error) {
	ref := strings.TrimSpace(data)
	if ref == "" {
		return nil, fmt.Errorf("the endpoint event has no data: the server must send the URI to POST messages to")
	}
	if len(ref) > maxEndpoint {
		// Every POST would carry it on its request line, which servers
		// refuse (431, 414) far below this, and every message and record
		// naming the URL would repeat it.
		return nil, fmt.Errorf("the endpoint event's data is a URI of %d bytes; mcpscope takes at most %d", len(ref), maxEndpoint)
	}
	u, err := url.Parse(ref)
	if err != nil {
		return nil, fmt.Errorf("the endpoint event's data %q is not a URI: %s", data, notURIWhy(ref, err))
	}
	preferred := streamURL.ResolveReference(u)
	// A user and password in the endpoint are the server's, not the
	// user's: net/http would send them as basic auth on every POST (to
	// an origin the user allowed, too), a credential the user never gave.
	// The user's own go in a header (Session.headers), never in the URL.
	preferred.User = nil
	preferred.RawQuery = queryAsSent(preferred.RawQuery)
	// net/url parses some hosts it does not write back as it reads them
	// ("//::" becomes http://::): the URL POSTed to is the one written.
	if _, err := url.Parse(preferred.String()); err != nil {
		return nil, fmt.Errorf("the endpoint event's data %q resolves to %q, which is not a URL: %v", data, preferred.String(), err)
	}
	ep := &Endpoint{
		Data:      Raw(data),
		Base:      streamURL.String(),
		Preferred: preferred.String(),
		InUse:     preferred.String(),
		Reason:    ReasonPreferred,
	}
	ep.SessionID, ep.SessionParam = sessionFromQuery(preferred.Query())
	if ep.SessionID != "" {
		ep.Fallback = FallbackURL(streamURL, ep.SessionID)
	}
	ep.Prefixed = prefixKept(streamURL, u, preferred)
	return ep, nil
}

// queryAsSent is the query q with the bytes a browser's URL parser
// percent-encodes in a query (space, ", ', <, > and every byte past ASCII)
// so encoded. net/url keeps a query as written, and net/http writes it into
// the request line as it is: a space there splits the line, and the server
// answers 400 to every POST a browser client would have made. Controls are
// refused by url.Parse before this.
func queryAsSent(q string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c != ' ' && c != '"' && c != '\'' && c != '<' && c != '>' && c < 0x7f {
			if b.Len() > 0 {
				b.WriteByte(c)
			}
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(q) + 8)
			b.WriteString(q[:i])
		}
		b.WriteString("%" + hex[c>>4:c>>4+1] + hex[c&15:c&15+1])
	}
	if b.Len() == 0 {
		return q
	}
	return b.String()
}

// prefixKept is the endpoint's absolute path put back under the path prefix
// the stream URL has and the endpoint lacks, or "" when there is no such
// prefix. A reverse proxy that serves a server under /gw strips /gw on the
// way in, and a server that names its paths from the root ("/message?…",
// as the TypeScript, Python and mcp-go servers do) then points its POSTs
// outside /gw, where the proxy serves nothing. The prefix is the stream's
// directory up to the segment the endpoint's path starts with (a server
// with a base path of its own, /api, behind /gw: /gw/api/sse and
// /api/message give /gw/api/message), or all of it. A result that is the
// stream URL itself is none.
func prefixKept(streamURL, ref, preferred *url.URL) string {
	if ref.Scheme != "" || ref.Host != "" || !strings.HasPrefix(ref.Path, "/") {
		return ""
	}
	dir := path.Dir(strings.TrimSuffix(streamURL.Path, "/"))
	if dir == "/" || dir == "." {
		return ""
	}
	segs := strings.Split(strings.Trim(dir, "/"), "/")
	first, _, _ := strings.Cut(strings.TrimPrefix(ref.Path, "/"), "/")
	prefix := segs
	for i, s := range segs {
		if s == first {
			prefix = segs[:i]
			break
		}
	}
	if len(prefix) == 0 {
		return ""
	}
	c := *preferred
	c.Path, c.RawPath = "/"+strings.Join(prefix, "/")+ref.Path, ""
	if c.String() == preferred.String() || c.String() == streamURL.String() {
		// The stream's own URL is where messages are read, not posted
		// (an endpoint of "/sse" behind /gw).
		return ""
	}
	return c.String()
}

// sessionFromQuery finds the session id under any spelling, exact spellings
// first so the one the server used is what gets reported.
func sessionFromQuery(q url.Values) (id, param string) {
	for _, p := range sessionParams {
		if v := q.Get(p); v != "" {
			return v, p
		}
	}
	for k, v := range q {
		if strings.EqualFold(strings.ReplaceAll(k, "_", ""), "sessionid") && len(v) > 0 && v[0] != "" {
			return v[0], k
		}
	}
	return "", ""
}

// FallbackURL is the canonical message URL `{base}/sse?sessionid=<id>`, where
// base is the stream URL without its trailing /sse.
func FallbackURL(streamURL *url.URL, sessionID string) string {
	b := *streamURL
	// ForceQuery too: a stream URL typed with a bare "?" would put the
	// path and session after it, in the query.
	b.RawQuery, b.ForceQuery, b.Fragment, b.RawFragment = "", false, "", ""
	b.Path = strings.TrimSuffix(strings.TrimSuffix(b.Path, "/"), "/sse")
	b.RawPath = ""
	return b.String() + "/sse?sessionid=" + url.QueryEscape(sessionID)
}

// TargetURL parses what the user typed: an http or https URL, or host:port
// (then http), with any path and query. A scheme is matched whatever its
// case. A bare base (no path) is kept as it is: each transport knows its
// default path (legacy /sse, streamable /mcp).
func TargetURL(raw string) (*url.URL, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return nil, fmt.Errorf("no URL given: pass the server's address, e.g. http://localhost:8811")
	}
	// Every message quotes the URL as typed, but never its password: such
	// a message goes to a terminal others watch and into CI logs.
	quoted := urlpass.Typed(raw)
	if fixed, ok := ColonlessScheme(s); ok {
		// Prefixed with http:// it would parse, as a host named "http".
		// Both are quoted from the fixed URL, where its password is
		// found and masked.
		meant := urlpass.Typed(fixed)
		colon := strings.Index(meant, "://")
		return nil, fmt.Errorf("%q is not a URL: its scheme lacks the ':'; did you mean %q?", meant[:colon]+meant[colon+1:], meant)
	}
	noScheme := !strings.Contains(s, "://")
	typo := noScheme && schemeTypo(s)
	if noScheme {
		s = "http://" + s
	}
	// A password holding / ? or # is found once, by the text alone; each
	// check below says when that is what went wrong.
	masked, head, broken := urlpass.Broken(s)
	if noScheme && broken {
		// "ann:/pw@host" is no scheme typo but a password with a '/'.
		return nil, brokenPassword(raw, masked)
	}
	if typo {
		return nil, fmt.Errorf("%q is not a URL: a scheme takes two slashes, as in http://localhost:8811/sse", quoted)
	}
	u, err := url.Parse(s)
	if err != nil {
		// url.Error says "parse URL: why", the URL once more.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		if broken && (head == "" || strings.Contains(err.Error(), head)) {
			// url.Parse read the password's start as a port, and says so.
			return nil, brokenPassword(raw, masked)
		}
		var esc url.EscapeError
		if errors.As(err, &esc) && inPassword(s, string(esc)) {
			// EscapeError quotes the bytes of the password it stopped at.
			return nil, fmt.Errorf("%q is not a URL: its password holds a %% that starts no escape (%%XX); write a %% in a password as %%25", quoted)
		}
		return nil, fmt.Errorf("%q is not a URL: %v", quoted, err)
	}
	if broken && head == "" && strings.HasSuffix(u.Host, ":") {
		// A password that starts with '/' parses: "http://ann:/pw@host"
		// is host "ann" with an empty port and the path "/pw@host", to
		// which the password would go, to another host.
		return nil, brokenPassword(raw, masked)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("%q: the scheme must be http or https, not %q", quoted, u.Scheme)
	}
	if u.Host == "" || u.Hostname() == "" {
		if port := u.Port(); port != "" {
			// ":8811", as some tools take for this machine's port.
			return nil, fmt.Errorf("%q is not a URL: it has no host; for this machine's port %s use %s", quoted, port, onLocalhost(u, port))
		}
		return nil, fmt.Errorf("%q is not a URL: it has no host; use e.g. http://localhost:8811", quoted)
	}
	if h := u.Hostname(); DigitsOnly(h) {
		// "8811" read as a host: no host is a number alone (net/http
		// would look it up as a name, and find none).
		if n, err := strconv.Atoi(h); err == nil && n > 0 && n <= 65535 && u.Port() == "" {
			return nil, fmt.Errorf("%q is not a URL: %s names no host; for this machine's port %s use %s", quoted, h, h, onLocalhost(u, h))
		}
		return nil, fmt.Errorf("%q is not a URL: its host %s is a number alone, which names no host; use a name or an address, e.g. http://127.0.0.1:8811", quoted, h)
	}
	if why := portProblem(u); why != "" {
		return nil, fmt.Errorf("%q is not a URL: %s", quoted, why)
	}
	return u, nil
}

// onLocalhost is u at this machine's port, as a user who typed a port
// where the host goes meant it: the scheme, path and query kept as typed,
// no credentials (the error quotes what was typed, masked).
func onLocalhost(u *url.URL, port string) string {
	v := *u
	v.User = nil
	v.Host = "localhost:" + port
	return v.String()
}

// DigitsOnly reports whether s is one or more ASCII digits and nothing
// else: a port typed where a URL goes, never a host or a method.
func DigitsOnly(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// brokenPassword is the error for a URL whose password holds a character
// that ends the host part; masked is it as TargetURL read it, with http://
// in front when raw had no scheme.
func brokenPassword(raw, masked string) error {
	if !strings.Contains(raw, "://") {
		masked = strings.TrimPrefix(masked, "http://")
	}
	return fmt.Errorf("%q is not a URL: its password holds a / ? or #, which ends the host part; write them as %%2F, %%3F and %%23 (with no password there, its port is wrong)", masked)
}

// inPassword reports whether part occurs in the password of the URL s.
func inPassword(s, part string) bool {
	i := strings.Index(s, "://")
	if i < 0 {
		return false
	}
	ui, colon, ok := urlpass.Userinfo(s, i+3)
	return ok && colon >= 0 && strings.Contains(s[colon+1:ui.To], part)
}

// portProblem says what is wrong with u's port, or "" when nothing is (or
// it names none). url.Parse lets any digits by, but dialled, 0 is refused
// and 99999 is "invalid port" from the resolver: the user's typo, said as
// one before anything runs (a server URL, an --allow-origin).
func portProblem(u *url.URL) string {
	p := u.Port()
	if p == "" {
		return ""
	}
	if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
		return "the port " + p + " is out of range (a port is 1 to 65535)"
	}
	return ""
}

// ColonlessScheme reports an address whose http or https scheme lost its
// colon ("http//localhost:8811", a slip of the shift key), with the URL
// it was meant to be.
func ColonlessScheme(s string) (fixed string, ok bool) {
	s = strings.TrimSpace(s)
	for _, scheme := range []string{"http", "https"} {
		if len(s) > len(scheme)+2 && strings.EqualFold(s[:len(scheme)+2], scheme+"//") {
			return s[:len(scheme)] + "://" + s[len(scheme)+2:], true
		}
	}
	return "", false
}

// schemeTypo reports a scheme written without its two slashes
// ("http:/host", "https:host", "ftp:/x"): prefixed with http:// it would
// parse, as a request to a host named "http".
func schemeTypo(s string) bool {
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok || scheme == "" {
		return false
	}
	for i, c := range scheme {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return strings.HasPrefix(rest, "/") || strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}

// isBare reports a URL with no path: the user named a server, not an
// endpoint on it.
func isBare(u *url.URL) bool { return u.Path == "" || u.Path == "/" }

// withPath returns u with its path set to p (a bare base's default).
func withPath(u *url.URL, p string) *url.URL {
	c := *u
	c.Path, c.RawPath = p, ""
	return &c
}

// checkTransportName refuses a transport mcpscope does not speak.
func checkTransportName(name string) error {
	switch name {
	case TransportAuto, TransportSSE, TransportStreamable, TransportStateless:
		return nil
	}
	return fmt.Errorf("unknown transport %q: use auto, sse, streamable or stateless", name)
}

// notURIWhy says why ref, the endpoint event's data, did not parse as a
// URI: in its own words rather than net/url's, which quote the data again.
// Data on two data: lines is joined with a newline, which no URI holds.
func notURIWhy(ref string, err error) string {
	if n := strings.Count(ref, "\n"); n > 0 {
		return fmt.Sprintf("it came on %d data: lines, which an event joins with a newline, and a URI is one line", n+1)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return strings.TrimPrefix(ue.Err.Error(), "net/url: ")
	}
	return err.Error()
}
