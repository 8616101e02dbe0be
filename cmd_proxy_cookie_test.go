package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxied client's Cookie values are learnt as its Authorization
// credentials are: when upstream echoes one in a body, the recording holds
// it redacted, not only the Cookie header itself.
func TestProxyRecordingRedactsEchoedCookieValues(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	const session = "COOKIE-sess-6b1f40d2"
	greetThroughProxy(t, h, cookieSender{"theme=dark; sid=" + session}, "cookie-test", 1, func() string { return session })
	for f, raw := range recordingsLack(t, h.dir, session, "the client's cookie") {
		// The header itself is redacted by its name.
		if strings.Contains(raw, `"Cookie":["theme`) {
			t.Errorf("%s holds the Cookie header unredacted", f)
		}
	}
}

// cookieSender sends its cookie header with every request.
type cookieSender struct{ cookie string }

func (c cookieSender) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Cookie", c.cookie)
	return http.DefaultTransport.RoundTrip(req)
}

// A client sending many cookies with each request does not push its
// refreshed token out of the credentials learnt (at most 32 are kept, the
// newest): the token is learnt after the cookies of its request.
func TestProxyRecordingRedactsTokensBesideManyCookies(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	tok := &refreshingToken{}
	greetThroughProxy(t, h, manyCookies{tok}, "cookies-test", 1, tok.current)
	recordingsLack(t, h.dir, "refreshed-secret-", "a refreshed token")
}

// manyCookies sends 40 cookies, new ones with every request, beside tok's
// refreshed Authorization.
type manyCookies struct{ tok *refreshingToken }

func (m manyCookies) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := m.tok.RoundTrip(withCookies(req, m.tok.current()))
	return resp, err
}

func withCookies(req *http.Request, salt string) *http.Request {
	req = req.Clone(req.Context())
	var c []string
	for i := range 40 {
		c = append(c, fmt.Sprintf("c%d=cookie-value-%s-%d", i, salt, i))
	}
	req.Header.Set("Cookie", strings.Join(c, "; "))
	return req
}
