package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A run of one request's stream failures folds only failures that say the
// same: a tools/list whose stream broke off, after two whose streams ended
// without the answer, has its own line with its words. It was folded into
// "… 2 more like the last stream failure of tools/list", under the first
// one's words, and no line said a stream broke.
func TestProxyHeadlessFailureRunFoldsOnlyTheSameWords(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, GET: mcptest.GETNone,
		Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
			if string(x.ID) == "4" {
				x.Status(http.StatusOK, "text/event-stream", `data: {"jsonrpc":"2.0","id":4,`)
				return
			}
			x.Status(http.StatusOK, "text/event-stream", "")
		})})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	url := h.run.base + "/mcp"
	clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	for _, id := range []string{"2", "3", "4"} {
		clientPost(t, url, "", `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/list"}`)
	}
	h.stop()
	lines := h.errw.String()
	for _, want := range []string{
		"! stream tools/list id=2: the response stream ended without the answer",
		"! … 1 more like the last stream failure of tools/list (the recording has each)",
		"! stream tools/list id=4: the response stream ended 30 bytes into an event that never ended, without the answer",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the lines lack %q:\n%s", want, lines)
		}
	}
}
