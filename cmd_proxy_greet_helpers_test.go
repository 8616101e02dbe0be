package main

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// sdkThroughDemoProxy starts a headless proxy to the demo gateway and
// connects an SDK client named client, with opts, to it over streamable
// HTTP; ctx bounds what the test asks through it. The test closes the
// client and stops h before it reads h's lines.
func sdkThroughDemoProxy(t *testing.T, client string, opts *sdk.ClientOptions) (h *headless, cs *sdk.ClientSession, ctx context.Context) {
	t.Helper()
	h = startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: client, Version: "1"}, opts).
		Connect(ctx, &sdk.StreamableClientTransport{Endpoint: h.run.base + "/mcp", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h, cs, ctx
}

// greetThroughProxy connects an SDK client named client to the headless
// proxy h, sending its requests through rt, calls the demo's greet times
// times with name() (greet says the name back: upstream echoing it), and
// stops h so that its recordings are whole.
func greetThroughProxy(t *testing.T, h *headless, rt http.RoundTripper, client string, times int, name func() string) {
	t.Helper()
	cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tr := &sdk.StreamableClientTransport{Endpoint: h.run.base + "/mcp", MaxRetries: -1, HTTPClient: &http.Client{Transport: rt}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: client, Version: "1"}, nil).Connect(cctx, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range times {
		res, err := cs.CallTool(cctx, &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": name()}})
		if err != nil || res.IsError {
			t.Fatalf("greet failed: %v %+v", err, res)
		}
	}
	cs.Close()
	h.stop()
}

// recordingsLack fails t when a recording in dir holds needle, quoting it
// as what with the text around it, and returns each recording's text by
// its file's name for the test's own checks. No recording at all fails t.
func recordingsLack(t *testing.T, dir, needle, what string) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("nothing was recorded")
	}
	texts := map[string]string{}
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		texts[filepath.Base(f)] = string(raw)
		if i := strings.Index(string(raw), needle); i >= 0 {
			t.Errorf("%s holds %s: …%s…", filepath.Base(f), what, raw[max(0, i-80):min(len(raw), i+40)])
		}
	}
	return texts
}

// headerSender sends a header of its own with every request: a client's
// cookie, or the API key a hosted MCP server asks for.
type headerSender struct{ name, value string }

func (h headerSender) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set(h.name, h.value)
	return http.DefaultTransport.RoundTrip(req)
}
