package proxy

import (
	"context"
	"errors"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The official Go SDK speaking 2026-07-28 through the proxy cancels a
// slow call as its context ends: its notifications/cancelled names no
// clientInfo, and is filed in the session of the call it cancels, where it
// was a client of its own ("Go-http-client 1.1") cancelling a request it
// never sent.
func TestStatelessSDKCancelIsFiledWithItsCall(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	cs := sdkConnect(t, "canceller", &sdk.StreamableClientTransport{Endpoint: base + "/stateless", MaxRetries: -1})
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("the client speaks %s, want 2026-07-28", v)
	}
	// The client gives up once the proxy has the call: a deadline of
	// 300ms could end the call under -race on loaded cores before it left
	// the client, and then there was nothing to cancel.
	ctx, cancel := context.WithCancel(bounded(t))
	defer cancel()
	go func() {
		defer cancel()
		for {
			w.mu.Lock()
			sent, ch := false, w.changed
			for _, recs := range w.recs {
				for _, r := range recs {
					sent = sent || r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "tools/call"
				}
			}
			w.mu.Unlock()
			if sent {
				return
			}
			select {
			case <-ch:
			case <-ctx.Done():
				return
			}
		}
	}()
	_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 10, "steps": 10}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the slow call ended with %v, want it given up", err)
	}
	c := w.clientWith(t, "the cancel logged", func(r mcp.Record) bool {
		return r.RPC != nil && r.RPC.Method == "notifications/cancelled"
	})
	if name, _ := c.Info(); name != "canceller" {
		t.Errorf("the cancel is filed in session %d of %q, want the canceller's:\n%s", c.ID, name, w.dump())
	}
	if n := len(w.sessions()); n != 1 {
		t.Errorf("%d sessions, want the client's one:\n%s", n, w.dump())
	}
}
