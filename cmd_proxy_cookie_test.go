package main

import (
	"context"
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
