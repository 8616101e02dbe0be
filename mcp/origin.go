package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// origins decides where requests may go and which of them carry the user's
// credentials. The user named one origin (scheme, host and port); a server
// can point elsewhere with an endpoint event or a redirect, and a hostile one
// would collect the user's token that way. Another origin is refused unless
// the user allowed it (--allow-origin), and even then it gets none of the
// user's headers: credentials go only where the user sent them.
type origins struct {
	home    string          // the origin of the URL the user named
	allowed map[string]bool // origins the user allowed besides home
}

func newOrigins(home *url.URL, allow []string) (origins, error) {
	o := origins{home: originOf(home), allowed: map[string]bool{}}
	for _, a := range allow {
		u, err := url.Parse(strings.TrimSpace(a))
		// Quoted without a password it may hold, as TargetURL quotes a URL.
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return o, fmt.Errorf("%q is not an origin: write it as scheme://host[:port], e.g. http://127.0.0.1:9000", urlpass.Typed(a))
		}
		if why := portProblem(u); why != "" {
			// No server is there: allowed, it would match nothing, and
			// the user's typo would go unsaid.
			return o, fmt.Errorf("%q is not an origin: %s", urlpass.Typed(a), why)
		}
		o.allowed[originOf(u)] = true
	}
	return o, nil
}

// CheckOrigins checks the origins a session will allow (Config.AllowOrigins)
// before it starts.
func CheckOrigins(allow []string) error {
	_, err := newOrigins(&url.URL{Scheme: "http", Host: "localhost"}, allow)
	return err
}

// SameOrigin reports whether a and b are one origin, as originOf compares
// them: http://h and http://H:80 are the same server.
func SameOrigin(a, b *url.URL) bool { return originOf(a) == originOf(b) }

// OriginOf is u's origin, scheme://host:port, as SameOrigin compares
// them: for messages that name two origins, and for --allow-origin.
func OriginOf(u *url.URL) string { return originOf(u) }

// originOf is scheme://host:port with the scheme's default port made
// explicit, written without leading zeros, and the host's ASCII letters
// lower-cased, so equal origins
// compare equal. Only ASCII: DNS names are case-blind in ASCII alone, and
// Unicode lower-casing makes hosts equal that net/http sends to different
// servers ("İ.example" lower-cases to "i.example", and net/http dials
// xn--i-9bb.example): credentials would follow a server's endpoint event
// or redirect there.
func originOf(u *url.URL) string {
	host, port := lowerASCII(u.Hostname()), u.Port()
	if n, err := strconv.ParseUint(port, 10, 16); err == nil {
		// The port as net/http dials it: "09450" is port 9450, so an
		// endpoint written with a leading zero is the same server, not
		// another origin to refuse.
		port = strconv.FormatUint(n, 10)
	}
	if port == "" {
		port = "80"
		if strings.EqualFold(u.Scheme, "https") {
			port = "443"
		}
	}
	return strings.ToLower(u.Scheme) + "://" + net.JoinHostPort(host, port)
}

// lowerASCII is s with its ASCII letters lower-cased, and nothing else
// changed.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// check says whether a request may go to u at all; what names it is the
// thing that pointed there ("the endpoint event", "a redirect"), and
// hostless is the cause of a u that names no host (a broken endpoint
// event, or a broken Location).
func (o origins) check(u *url.URL, what string, hostless Cause) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return &WireError{Cause: CauseBadScheme, Purpose: PurposeStream,
			Message: fmt.Sprintf("%s points at %s, whose scheme %q is not http or https", what, u.Redacted(), u.Scheme)}
	}
	if u.Hostname() == "" {
		// "http:\\evil/x", "http:/x": no server at all, so no origin to
		// refuse or allow ("http://:80" would read as one).
		return &WireError{Cause: hostless,
			Message: fmt.Sprintf("%s points at %q, which names no host: an absolute URI needs //host after its scheme", what, u.Redacted())}
	}
	if got := originOf(u); got != o.home && !o.allowed[got] {
		return &WireError{Cause: CauseCrossOrigin,
			Message: fmt.Sprintf("%s points at another origin, %s, not %s where the session started; mcpscope refused it so the credentials for %s do not go there", what, got, o.home, o.home),
			Header:  map[string]string{"Origin": got, "Home": o.home}}
	}
	return nil
}

// credentialed reports whether requests to u carry the user's headers.
func (o origins) credentialed(u *url.URL) bool { return originOf(u) == o.home }

// hopsKey keys the redirect log of one request in its context.
type hopsKey struct{}

// withHops returns a context whose requests log their redirects in *hops.
func withHops(ctx context.Context, hops *[]Redirect) context.Context {
	return context.WithValue(ctx, hopsKey{}, hops)
}

// maxRedirects bounds a chain of redirects, as browsers do.
const maxRedirects = 10

// checkRedirect is the client's redirect policy: every hop is logged for
// the records, a hop to a refused origin or scheme stops the request, and a
// hop that leaves the user's origin drops the user's headers.
func (s *Session) checkRedirect(req *http.Request, via []*http.Request) error {
	if hops, ok := req.Context().Value(hopsKey{}).(*[]Redirect); ok {
		h := Redirect{From: via[len(via)-1].URL.Redacted(), To: req.URL.Redacted()}
		if req.Response != nil {
			h.Status = req.Response.StatusCode
		}
		*hops = append(*hops, h)
	}
	if first := via[0]; req.Method != first.Method {
		// net/http follows a 301, 302 or 303 to a POST as a GET with no
		// body: the message would never arrive, and whatever the GET
		// answers would read as the answer to it.
		status := "a redirect"
		if req.Response != nil {
			status = strconv.Itoa(req.Response.StatusCode)
		}
		lost := ""
		if first.Method == http.MethodPost {
			lost = " without the message"
		}
		return &WireError{Cause: CauseRedirectToGet,
			Message: fmt.Sprintf("%s %s answered %s to %s, which a client follows as a %s%s (only 307 and 308 keep the method and body): not followed", first.Method, via[len(via)-1].URL.Redacted(), status, req.URL.Redacted(), req.Method, lost)}
	}
	if len(via) >= maxRedirects {
		// A loop and a long chain of distinct URLs are fixed differently:
		// one by the redirect rule that points back, the other by giving
		// the URL the chain ends at.
		shape := "each to a URL not visited before: a chain longer than a client follows"
		seen := map[string]bool{req.URL.String(): true}
		for _, v := range via {
			u := v.URL.String()
			if seen[u] {
				shape = "back to a URL visited already: a loop"
				break
			}
			seen[u] = true
		}
		return &WireError{Cause: CauseRedirectLoop,
			Message: fmt.Sprintf("stopped after %d redirects, the last from %s to %s, %s", maxRedirects, via[len(via)-1].URL.Redacted(), req.URL.Redacted(), shape)}
	}
	if err := s.origins.check(req.URL, "a redirect from "+via[len(via)-1].URL.Redacted(), CauseBadHTTP); err != nil {
		return err
	}
	if !s.origins.credentialed(req.URL) {
		s.stripCredentials(req.Header)
	}
	return nil
}

// answeredAt names the URL whose server gave resp, for a message about
// it: target, the URL asked, or, when a redirect was followed, the URL it
// ended at and where it began, so that the user reads the logs of the
// server that answered, not of one that only redirected.
func answeredAt(target string, resp *http.Response) string {
	if resp.Request == nil || resp.Request.Response == nil {
		return target
	}
	return resp.Request.URL.Redacted() + " (redirected from " + target + ")"
}

// redirectedTo is the host:port of the server that gave resp when a
// followed redirect led there from another host or port than the first
// request's, "" when the server asked answered: advice names the server
// whose logs say why, as answeredAt names its URL.
func redirectedTo(resp *http.Response) string {
	if resp.Request == nil || resp.Request.Response == nil {
		return ""
	}
	first := resp.Request
	for first.Response != nil && first.Response.Request != nil {
		first = first.Response.Request
	}
	if at := HostPort(resp.Request.URL); at != HostPort(first.URL) {
		return at
	}
	return ""
}

// stripCredentials removes what the user added to a request: their headers
// and token, and anything a server could read as a credential. That
// includes the Referer net/http adds on a redirect: it is the URL the user
// named, whose query may hold a token (?token=, ?api_key=).
func (s *Session) stripCredentials(h http.Header) {
	for k := range s.cfg.Header {
		h.Del(k)
	}
	for _, k := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Referer"} {
		h.Del(k)
	}
}

// refusedRedirect returns the wire error a redirect policy refusal became,
// if that is why err happened.
func refusedRedirect(err error) *WireError {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return nil
	}
	var we *WireError
	if errors.As(ue.Err, &we) {
		return we
	}
	return nil
}
