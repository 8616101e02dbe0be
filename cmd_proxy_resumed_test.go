package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call whose answer stream upstream cuts, and which the client
// resumes with Last-Event-ID, is said so in the headless lines: that the
// client resumed, and that upstream replays; and a resume upstream
// refuses, that it brought no stream and why. The lines went from the
// call straight to its answer, as if it had come whole, and said nothing
// of a resume that failed but upstream's 400.
func TestProxyHeadlessSaysTheClientResumed(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: mcptest.CutMidResponse("tools/call", 0)})
	h := startHeadless(t, up.URL, proxyFlags{})
	url := h.run.base + "/mcp"
	_, sid := clientPost(t, url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"resumer","version":"1"}}}`)
	clientPost(t, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	cut := resumeRequest(t, http.MethodPost, url, sid, "", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`)
	last := ""
	for _, line := range strings.Split(cut, "\n") {
		if id, ok := strings.CutPrefix(line, "id: "); ok {
			last = id
		}
	}
	if last == "" {
		t.Fatalf("the cut answer stream %q has no event id to resume from", cut)
	}
	if got := resumeRequest(t, http.MethodGet, url, sid, last, ""); !strings.Contains(got, `"id":2`) {
		t.Fatalf("the resumed stream %q lacks the answer", got)
	}
	h.waitFor("· the client resumes a stream after event " + last)
	h.waitFor("· upstream replays from event " + last)
	h.waitFor("← tools/call echo id=2 ok")

	resumeRequest(t, http.MethodGet, url, sid, "nope", "")
	h.waitFor("· the client's resume after event nope got no stream: upstream answered 400 Bad Request")
	h.stop()
}

// resumeRequest sends method to url in session sid, with Last-Event-ID
// last when it is not "", and returns the body it got.
func resumeRequest(t *testing.T, method, url, sid, last, body string) string {
	t.Helper()
	headers := map[string]string{"Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"}
	if last != "" {
		headers["Last-Event-ID"] = last
	}
	return proxyRequest(t, method, url, headers, body)
}
