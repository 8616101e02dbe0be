package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream whose every answer is a stream that ends without the answer:
// the initialize fails, then the client's tools/list fails the same way.
// Each has its line, naming its request: the second was folded into "… 1
// more like the last stream failure", and no line said tools/list failed.
// A run of the same request's failures still folds, and its count names
// the request.
func TestProxyHeadlessFailureRunIsOneRequests(t *testing.T) {
	lines := headlessToolsListFailures(t, func(x *mcptest.Exchange) { x.Status(http.StatusOK, "text/event-stream", "") })
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

// A run of one request's stream failures folds only failures that say the
// same: a tools/list whose stream ended mid-event, after two whose streams
// ended whole, has its own line with its words. It was folded into "… 2
// more like the last stream failure of tools/list", under the first one's
// words, and no line said a stream ended mid-event.
func TestProxyHeadlessFailureRunFoldsOnlyTheSameWords(t *testing.T) {
	lines := headlessToolsListFailures(t, mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		if string(x.ID) == "4" {
			x.Status(http.StatusOK, "text/event-stream", `data: {"jsonrpc":"2.0","id":4,`)
			return
		}
		x.Status(http.StatusOK, "text/event-stream", "")
	}))
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

// Failures whose words differ only in a number (streams cut at another
// byte each time) are one run: a line per failure would flood stderr when
// an upstream cuts every stream at a random point.
func TestProxyHeadlessFailureRunFoldsWordsThatDifferInANumber(t *testing.T) {
	cuts := map[string]string{"2": `data: {"jsonrpc"`, "3": `data: {"jsonrpc":"2.0"`, "4": `data: {"jsonrpc":"2.0","id":4`}
	lines := headlessToolsListFailures(t, mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		x.Status(http.StatusOK, "text/event-stream", cuts[string(x.ID)])
	}))
	for _, want := range []string{
		"! stream tools/list id=2: the response stream ended 16 bytes into an event that never ended, without the answer",
		"! … 2 more like the last stream failure of tools/list (the recording has each)",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the lines lack %q:\n%s", want, lines)
		}
	}
}

// headlessToolsListFailures runs a headless proxy to a sessionless
// streamable fake answering as handle does, relays a client's initialize
// and three tools/list (ids 2 to 4), and returns the lines it printed.
func headlessToolsListFailures(t *testing.T, handle func(x *mcptest.Exchange)) string {
	t.Helper()
	// The failures fold when they come within lineEvery of the line
	// before: a loaded machine took more than a second between two.
	every := lineEvery
	lineEvery = time.Minute
	t.Cleanup(func() { lineEvery = every })
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, GET: mcptest.GETNone, Handle: handle})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	url := h.run.base + "/mcp"
	clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	for _, id := range []string{"2", "3", "4"} {
		clientPost(t, url, "", `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/list"}`)
	}
	h.stop()
	return h.errw.String()
}
