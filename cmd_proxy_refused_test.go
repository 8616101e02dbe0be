package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Requests the proxy refuses before they reach a client session are in no
// recording, so stderr says so: a page's Origin that is not local (403)
// and a body larger than --max-event-size (413) each get a line with what
// the request was and why, and the count when the proxy stops. Both were
// refused without a word to the person watching.
func TestProxyHeadlessSaysWhatItRefusedOutsideSessions(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	send := func(request string) int {
		t.Helper()
		resp, _ := rawRequest(t, addr, request, false)
		return resp.StatusCode
	}
	if got := send("GET /sse HTTP/1.1\r\nHost: " + addr + "\r\nOrigin: http://localhost.evil.test\r\nAccept: text/event-stream\r\n\r\n"); got != http.StatusForbidden {
		t.Errorf("a page of another site: %d, want 403", got)
	}
	// A body it announces as 100 MB is refused before a byte of it is read.
	if got := send("POST /mcp HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{"); got != http.StatusRequestEntityTooLarge {
		t.Errorf("a 100 MB body: %d, want 413", got)
	}
	h.stop()

	out := h.errw.String()
	for _, want := range []string{
		"refused GET /sse from 127.0.0.1:", ` with 403: its Origin "http://localhost.evil.test" is not a local page (DNS rebinding protection)`,
		"refused POST /mcp from 127.0.0.1:", " with 413: its body is larger than --max-event-size",
		"2 other requests were refused before reaching a client session, so no recording holds them",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
}
