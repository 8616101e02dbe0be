package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that first sends its token after initializing, and puts it in
// that request's body too (a tools/call argument "Bearer T", or T alone),
// had it kept in the recording's sent record: the redactor learnt the
// token from the request's headers only once the body's record was
// written, so it was redacted in the answer echoing it alone. The
// recording holds it nowhere now, nor do the proxy's lines.
func TestProxyRecordingRedactsTokenInItsRequestBody(t *testing.T) {
	for name, arg := range map[string]string{"with its scheme": "Bearer body-secret-token-1", "alone": "body-secret-token-1"} {
		t.Run(name, func(t *testing.T) {
			h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
			greetThroughProxy(t, h, &lateToken{value: "Bearer body-secret-token-1"}, "body-token-test", 1, func() string { return arg })
			recordingsLack(t, h.dir, "body-secret-token", "the client's token")
			if strings.Contains(h.errw.String(), "body-secret-token") {
				t.Errorf("the proxy's lines show the client's token:\n%s", h.errw.String())
			}
		})
	}
}

// lateToken sends its credential with a tools/call only, as an
// Authorization value or as a query (param, "token=K"): a client that
// signs in for the call, the first request with the credential in it.
type lateToken struct{ value, param string }

func (l *lateToken) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(body))
		if strings.Contains(string(body), `"tools/call"`) {
			if l.value != "" {
				req.Header.Set("Authorization", l.value)
			}
			if l.param != "" {
				req.URL.RawQuery = l.param
			}
		}
	}
	return http.DefaultTransport.RoundTrip(req)
}

// A client that gives its key anew in a request's query mid-session
// (?token=B on a tools/call, B in its arguments too) had B kept in the
// recording's sent record and on the proxy's lines: the key was learnt
// from the request's URL once its exchange was recorded, after the
// message. The message carries its request's URI now, learnt first.
func TestProxyRecordingRedactsAQueryKeyGivenWithItsRequestBody(t *testing.T) {
	const key = "query-body-secret-2"
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	greetThroughProxy(t, h, &lateToken{param: "token=" + key}, "query-token-test", 1, func() string { return key })
	recordingsLack(t, h.dir, key, "the client's key")
	if strings.Contains(h.errw.String(), key) {
		t.Errorf("the proxy's lines show the client's key:\n%s", h.errw.String())
	}
}
