package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client that refreshes its token mid-session sends each new one in its
// Authorization header; when upstream echoes one in a body, the recording
// still holds none of them, not only the first.
func TestProxyRecordingRedactsRefreshedTokens(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	run, dir := h.run, h.dir

	tok := &refreshingToken{}
	cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tr := &sdk.StreamableClientTransport{Endpoint: run.base + "/mcp", MaxRetries: -1, HTTPClient: &http.Client{Transport: tok}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "refresh-test", Version: "1"}, nil).Connect(cctx, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		// The demo's greet says the name back: upstream echoing the token.
		res, err := cs.CallTool(cctx, &sdk.CallToolParams{Name: "greet", Arguments: map[string]any{"name": tok.current()}})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError {
			t.Fatalf("greet failed: %+v", res.Content)
		}
	}
	cs.Close()
	h.stop()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("nothing was recorded")
	}
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		if strings.Contains(string(raw), "refreshed-secret-") {
			i := strings.Index(string(raw), "refreshed-secret-")
			t.Errorf("%s holds a refreshed token: …%s…", filepath.Base(f), raw[max(0, i-80):min(len(raw), i+40)])
		}
	}
}

// refreshingToken sends a new token with every request, as a client whose
// tokens expire quickly does.
type refreshingToken struct{ n atomic.Int64 }

func (r *refreshingToken) current() string { return fmt.Sprintf("refreshed-secret-%d", r.n.Load()) }

func (r *refreshingToken) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+fmt.Sprintf("refreshed-secret-%d", r.n.Add(1)))
	return http.DefaultTransport.RoundTrip(req)
}
