package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxied client's credential headers are redacted by their names, and
// their values learnt as its Authorization credentials are: when upstream
// echoes one in a body, the recording holds it redacted. Its Cookie; its
// X-Api-Key, whose key was written in the clear into every request of the
// recording a user shares, as only Authorization and Cookie were known as
// credentials (a header named as a credential query parameter is one).
func TestProxyRecordingRedactsEchoedCredentialHeaders(t *testing.T) {
	for _, tc := range []struct{ header, value, secret string }{
		{"Cookie", "theme=dark; sid=COOKIE-sess-6b1f40d2", "COOKIE-sess-6b1f40d2"},
		{"X-Api-Key", "client-api-key-0123456789", "client-api-key-0123456789"},
	} {
		h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
		greetThroughProxy(t, h, headerSender{tc.header, tc.value}, "credential-test", 1, func() string { return tc.secret })
		for f, raw := range recordingsLack(t, h.dir, tc.secret, "the client's "+tc.header) {
			// The header itself is redacted by its name.
			if !strings.Contains(raw, `"`+tc.header+`":["[redacted]"]`) {
				t.Errorf("%s does not hold the %s header redacted", f, tc.header)
			}
		}
	}
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
