package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// One client opening legacy stream after stream is refused past its share
// of the sessions (three quarters of --max-sessions), with sessions still
// free for other clients. When the proxy stopped, its report said those
// requests were refused because "every one of the --max-sessions client
// sessions was busy; a larger --max-sessions makes room": not so, and the
// cure it named was not the one. It now says the client held its share.
func TestProxyReportSaysARefusalForAClientsShareIsOne(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{maxSess: 4})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	open := func() int {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.run.base+"/sse", nil)
		req.Header.Set("Accept", "text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		if resp.StatusCode == http.StatusOK {
			if n, err := resp.Body.Read(make([]byte, 4096)); err != nil || n == 0 {
				t.Fatalf("legacy stream through the proxy: %v", err)
			}
		}
		return resp.StatusCode
	}
	for range 3 {
		if status := open(); status != http.StatusOK {
			t.Fatalf("a legacy stream within the client's share got %d, want 200", status)
		}
	}
	if status := open(); status != http.StatusServiceUnavailable {
		t.Fatalf("a legacy stream past the client's share got %d, want 503", status)
	}
	h.stop()
	out := h.errw.String()
	if strings.Contains(out, "every one of the --max-sessions") || !strings.Contains(out, "1 request was refused with 503 for a client holding its share") {
		t.Errorf("the report does not say the refusal was for the client's share:\n%s", out)
	}
}
