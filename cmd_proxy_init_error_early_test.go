package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that asked for its GET stream before it initialized (Vercel's
// @ai-sdk/mcp does) has its session begun by that GET: an initialize then
// answered with a JSON-RPC error and an Mcp-Session-Id ends that session
// all the same, saying the initialize failed, where one begun by the GET
// could stay neither open nor ended.
func TestProxyHeadlessInitializeErrorAfterEarlyGetEndsTheSession(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone,
		Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) { x.JSON(); x.Error(-32603, "cannot start") })})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	if code := earlyGet(t, h.run.base, ""); code != http.StatusMethodNotAllowed {
		t.Fatalf("the early GET got %d, want upstream's 405", code)
	}
	clientPost(t, h.run.base+"/mcp", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	h.stop()
	lines := h.errw.String()
	if strings.Contains(lines, "· open") || strings.Count(lines, "· streamable + ") != 1 {
		t.Errorf("want one session, its GET and initialize in it, never open:\n%s", lines)
	}
	const failed = "· closed: the initialize failed: upstream answered JSON-RPC error -32603: cannot start"
	if !strings.Contains(lines, failed) {
		t.Errorf("the lines lack %q:\n%s", failed, lines)
	}
}
