package main

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that closes its GET stream with nothing else of its session
// open and sends no DELETE (the MCP Inspector CLI leaving) left: the lines
// said nothing of it, and its recording read "still being recorded" until
// the proxy stopped. A line says who closed the stream, and the session
// ends when nothing more of it comes, saying why.
func TestProxyHeadlessSaysAClientLeftByClosingItsStream(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	sid := initializeVia(t, h.run.base, "leaving-client")
	postVia(t, h.run.base, sid, "leaving-client", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.run.base+"/mcp", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("User-Agent", "leaving-client")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the GET stream: %s, want 200", resp.Status)
	}
	cancel()
	resp.Body.Close()
	h.waitFor("· GET stream closed by the client")
	const left = "the client closed its GET stream with nothing else of session"
	h.waitFor("· closed: " + left)
	h.stop()
	recs := readRecording(t, onlyRecording(t, h.dir))
	last := recs[len(recs)-1]
	if last.State == nil || last.State.State != mcp.StateClosed || !strings.Contains(last.State.Detail, left) {
		t.Errorf("the recording ends with %+v, want closed as the client left", last.State)
	}
}
