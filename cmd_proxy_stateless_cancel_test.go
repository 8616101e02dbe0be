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
)

// The Go SDK speaking 2026-07-28 through the proxy gives up on a slow call
// as its context ends, closing the call's stream, which on 2026-07-28 is
// how a client cancels a request: the headless line says it as the
// client's cancel, marked "·", where it read "! cancelled tools/call slow
// id=2: the client left before the answer came", a failure in a CI log.
// The SDK also sends notifications/cancelled as it gives up; which of the
// two the proxy reads first is the race of two connections, and either is
// the client's cancel, said as such.
func TestProxyHeadlessSaysAStatelessClientCancelled(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "canceller", Version: "1"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: h.run.base + "/stateless", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("the client speaks %s, want 2026-07-28", v)
	}
	// The client gives up once the proxy has relayed the call: a deadline
	// of 300ms could end the call under -race on loaded cores before it
	// left the client, and then there was nothing to cancel.
	call, drop := context.WithCancel(ctx)
	defer drop()
	go func() {
		defer drop()
		for {
			wrote := h.errw.changed() // before the look, so no write is missed
			if strings.Contains(h.errw.String(), "→ tools/call slow id=") {
				return
			}
			select {
			case <-wrote:
			case <-call.Done():
				return
			}
		}
	}()
	if _, err := cs.CallTool(call, &sdk.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 10, "steps": 10}}); err == nil {
		t.Fatal("the slow call was answered before the client gave up on it")
	}
	h.waitFor("· cancelled tools/call slow id=")
	h.stop()
	if out := h.errw.String(); strings.Contains(out, " ! ") || !strings.Contains(out, "which cancels it on 2026-07-28") && !strings.Contains(out, "· cancelled tools/call slow id=2: "+mcp.ClientCancelled) {
		t.Errorf("the client's cancel is not said as one, or a line marks it a failure:\n%s", out)
	}
}
