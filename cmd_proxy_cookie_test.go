package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A proxied client's Cookie values are learnt as its Authorization
// credentials are: when upstream echoes one in a body, the recording holds
// it redacted, not only the Cookie header itself.
func TestProxyRecordingRedactsEchoedCookieValues(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	run, dir := h.run, h.dir

	const session = "COOKIE-sess-6b1f40d2"
	cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tr := &sdk.StreamableClientTransport{Endpoint: run.base + "/mcp", MaxRetries: -1, HTTPClient: &http.Client{Transport: cookieSender{"theme=dark; sid=" + session}}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "cookie-test", Version: "1"}, nil).Connect(cctx, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The demo's greet says the name back: upstream echoing the cookie.
	res, err := cs.CallTool(cctx, &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": session}})
	if err != nil || res.IsError {
		t.Fatalf("greet failed: %v %+v", err, res)
	}
	cs.Close()
	h.stop()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("nothing was recorded")
	}
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		if i := strings.Index(string(raw), session); i >= 0 {
			t.Errorf("%s holds the client's cookie: …%s…", filepath.Base(f), raw[max(0, i-80):min(len(raw), i+40)])
		}
		// The header itself is redacted by its name.
		if strings.Contains(string(raw), `"Cookie":["theme`) {
			t.Errorf("%s holds the Cookie header unredacted", filepath.Base(f))
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
	run, dir := h.run, h.dir
	cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tok := &refreshingToken{}
	tr := &sdk.StreamableClientTransport{Endpoint: run.base + "/mcp", MaxRetries: -1, HTTPClient: &http.Client{Transport: manyCookies{tok}}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "cookies-test", Version: "1"}, nil).Connect(cctx, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(cctx, &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": tok.current()}})
	if err != nil || res.IsError {
		t.Fatalf("greet failed: %v %+v", err, res)
	}
	cs.Close()
	h.stop()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("nothing was recorded")
	}
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		if i := strings.Index(string(raw), "refreshed-secret-"); i >= 0 {
			t.Errorf("%s holds a refreshed token: …%s…", filepath.Base(f), raw[max(0, i-80):min(len(raw), i+40)])
		}
	}
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
