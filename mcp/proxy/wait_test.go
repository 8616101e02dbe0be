package proxy

import (
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Sessions that wait on their client stop waiting once it came, or once
// they end: a proxy serving many short clients keeps no timer pending for
// each. A probe's wait for its client's initialize and a GET's wait for
// it were timers started per exchange and never stopped: every Go SDK
// client (it probes, then initializes) and every GET before initialize
// left one pending for the window, each holding its session.
func TestShortClientsLeaveNoWaitPending(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p, base, _ := startProxy(t, gw.URL, Config{})
	p.earlyWait = time.Hour // a wait left pending stays so
	for i := range 5 {
		cs := sdkConnect(t, "short", &sdk.StreamableClientTransport{Endpoint: base + "/mcp", MaxRetries: -1, DisableStandaloneSSE: true})
		if _, err := cs.ListTools(bounded(t), nil); err != nil {
			t.Fatalf("tools/list through the proxy: %v", err)
		}
		_ = cs.Close()
		if n := p.waiting(); n != 0 {
			t.Fatalf("after %d clients that probed, then initialized, %d sessions still wait on their client, want none", i+1, n)
		}
	}

	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	p, base, _ = startProxy(t, up.Endpoint(), Config{})
	p.earlyWait = time.Hour
	for range 5 {
		// A client retrying its GET before it initializes (upstream
		// refuses it: no stream without a session).
		readAll(t, rawDo(t, "GET", base+"/mcp", "", "Accept", "text/event-stream", "User-Agent", "early/1").Body)
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"early","version":"1"}}}`
	readAll(t, rawPost(t, base+"/mcp", init, "Accept", "application/json, text/event-stream", "User-Agent", "early/1").Body)
	if n := p.waiting(); n != 0 {
		t.Errorf("after a client's GETs and then its initialize, %d sessions still wait on their client, want none", n)
	}

	// A lone probe waits for an initialize that never comes, until the
	// proxy stops, which ends its session and the wait.
	p, base, _ = startProxy(t, mcptest.NewStateless(t, mcptest.StatelessOptions{}).URL, Config{})
	p.earlyWait = time.Hour
	readAll(t, rawPost(t, base+"/mcp", request2026("1", "server/discover", "", "lone"), headers2026("server/discover", "User-Agent", "lone/1")...).Body)
	p.Close()
	if n := p.waiting(); n != 0 {
		t.Errorf("after the proxy stopped, %d sessions still wait on their client, want none", n)
	}
}
