package main

import (
	"context"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/ui"
)

// The TUI gets a probing client (server/discover, then initialize) as one
// client tab, streamable, its records starting with the probe; the next
// client it is told of is the next client that connects, not a stateless
// tab of the probe.
func TestProxyProbeReachesTheTUIAsOneClient(t *testing.T) {
	run := tuiProxy(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{listen: "127.0.0.1:0", noRecord: true})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "prober", Version: "1"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: run.base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	next := func() ui.Client {
		t.Helper()
		select {
		case c := <-run.sessions.show():
			return c
		case <-ctx.Done():
			t.Fatal("no client reached the TUI")
		}
		return ui.Client{}
	}
	first := next()
	if first.Records == nil || first.Name != "prober 1" || first.Transport != "streamable" {
		t.Fatalf("the TUI was first told of %q over %q (records: %v), want the prober's streamable session", first.Name, first.Transport, first.Records != nil)
	}
	var methods []string
	for len(methods) < 2 {
		select {
		case batch, ok := <-first.Records:
			if !ok {
				t.Fatalf("the session's records ended after %q", methods)
			}
			for _, r := range batch {
				if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest {
					methods = append(methods, r.RPC.Method)
				}
			}
		case <-ctx.Done():
			t.Fatalf("the session's requests stopped at %q", methods)
		}
	}
	if got := strings.Join(methods, " "); got != "server/discover initialize" {
		t.Errorf("the session's first requests are %q, want the probe, then initialize", got)
	}
	go func() {
		for range first.Records {
		}
	}()

	initializeVia(t, run.base, "marker")
	if second := next(); !strings.HasPrefix(second.Name, "marker") {
		t.Errorf("the TUI's second client is %q, want the marker client that connected next", second.Name)
	} else {
		go func() {
			for range second.Records {
			}
		}()
	}
}
