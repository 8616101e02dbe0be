package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream whose every answer is a stream that ends without the answer:
// the initialize fails, then the client's tools/list fails the same way.
// Each has its line, naming its request: the second was folded into "… 1
// more like the last stream failure", and no line said tools/list failed.
// A run of the same request's failures still folds, and its count names
// the request.
func TestProxyHeadlessFailureRunIsOneRequests(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, GET: mcptest.GETNone,
		Handle: func(x *mcptest.Exchange) { x.Status(http.StatusOK, "text/event-stream", "") }})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	url := h.run.base + "/mcp"
	clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	for _, id := range []string{"2", "3", "4"} {
		clientPost(t, url, "", `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/list"}`)
	}
	h.stop()
	lines := h.errw.String()
	for _, want := range []string{
		"! stream initialize id=1: the response stream ended without the answer",
		"! stream tools/list id=2: the response stream ended without the answer",
		"! … 2 more like the last stream failure of tools/list (the recording has each)",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the lines lack %q:\n%s", want, lines)
		}
	}
}
