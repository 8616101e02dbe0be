package main

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec's ctrl+c through the proxy to a 2025 streamable server closes the
// resumable answer stream of its tools/call, then sends
// notifications/cancelled naming it: the headless lines say both as the
// client's doing, marked "·" as the session's other events are, not "!"
// as failures are. The proxy printed "! stream: the client closed the
// answer stream…" and nothing of the cancel, the call left to close with
// the session.
func TestProxyHeadlessSaysTheClientCancelled(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.SlowTool})
	h := startHeadless(t, up.URL, proxyFlags{})
	url := h.run.base + "/mcp"
	_, sid := clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"exec","version":"1"}}}`)
	clientPost(t, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	ctx, drop := context.WithTimeout(context.Background(), 10*time.Second)
	defer drop()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`))
	for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"} {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var event string
	for br := bufio.NewReader(resp.Body); !strings.HasSuffix(event, "\n\n"); {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("the answer stream ended at %q: %v", event, err)
		}
		event += line
	}
	if !strings.Contains(event, "\nid:") && !strings.HasPrefix(event, "id:") {
		t.Fatalf("the answer stream's first event %q has no id the client could resume from", event)
	}
	drop()
	resp.Body.Close()
	h.waitFor("· the client closed the answer stream to tools/call slow id=2 before the answer came")
	clientPost(t, url, sid, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"ctrl+c"}}`)
	h.waitFor("· cancelled tools/call slow id=2: " + mcp.ClientCancelled + ": ctrl+c")
	h.stop()
	if out := h.errw.String(); strings.Contains(out, " ! ") {
		t.Errorf("a line marks the client's cancel a failure:\n%s", out)
	}
}
