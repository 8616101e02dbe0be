package main

import (
	"context"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The Go SDK's server/discover through the proxy to an upstream that is
// down: nothing answered it, so its line is the failure it is, marked
// "!", where it read "· probe server/discover id=1: … connection refused
// … (no 2026 server here: a 2026 client falls back to initialize)", as if
// a server had said no.
func TestProxyHeadlessProbeNothingAnsweredIsNoVerdict(t *testing.T) {
	stateDir(t)
	h := startHeadless(t, "http://"+mcptest.ClosedAddr(t)+"/mcp", proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := sdk.NewClient(&sdk.Implementation{Name: "early", Version: "1"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: h.run.base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true}, nil); err == nil {
		t.Fatal("the client connected through a proxy to nothing")
	}
	h.stop()
	out := h.errw.String()
	if strings.Contains(out, "no 2026 server here") || !strings.Contains(out, " ! probe server/discover id=1: ") {
		t.Errorf("the probe nothing answered is not said as a failure, or is said as a server's no:\n%s", out)
	}
}
