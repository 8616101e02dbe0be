package main

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client killed mid-call (mcp-remote under kill -9) drops the resumable
// answer stream of its tools/call and never comes back: the headless
// lines said "the request still waits" and then only that the session
// closed. The session's end now names the call as never answered.
func TestProxyHeadlessNamesARequestNeverAnswered(t *testing.T) {
	h, _, _, resp, drop := slowCallThroughProxy(t, "killed")
	if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
		t.Fatalf("the answer stream: %v", err)
	}
	drop()
	resp.Body.Close()
	h.waitFor("· the client closed the answer stream to tools/call slow id=2 before the answer came")
	h.stop()
	if out := h.errw.String(); !strings.Contains(out, "· tools/call slow id=2: never answered: it still waited when the session ended\n") {
		t.Errorf("no line says the call was never answered:\n%s", out)
	}
}

// slowCallThroughProxy opens a session of client name through a headless
// proxy of a streamable server that keeps its answer streams for resuming,
// and sends tools/call slow (id 2) on it: the proxy, its URL, the session
// id, the call's answer stream, and what drops the call.
func slowCallThroughProxy(t *testing.T, name string) (*headless, string, string, *http.Response, context.CancelFunc) {
	t.Helper()
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.SlowTool})
	h := startHeadless(t, up.URL, proxyFlags{})
	url := h.run.base + "/mcp"
	_, sid := clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"`+name+`","version":"1"}}}`)
	clientPost(t, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	ctx, drop := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(drop)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`))
	for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"} {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return h, url, sid, resp, drop
}
