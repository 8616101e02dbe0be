package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A page or client chooses a refused request's URI and Origin as freely
// as a session id, up to the megabyte a request's head may hold: the line
// that says it was refused quotes the start of each and their size, as it
// does a session id, rather than print a megabyte line a second.
func TestProxyHeadlessRefusalQuotesALongURIAndOriginShort(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	path := "/sse?" + strings.Repeat("p", 200<<10)
	origin := "http://evil.test/" + strings.Repeat("o", 200<<10)
	resp, _ := rawRequest(t, addr, fmt.Sprintf("GET %s HTTP/1.1\r\nHost: %s\r\nOrigin: %s\r\nAccept: text/event-stream\r\n\r\n", path, addr, origin), false)
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a page of another site: %d, want 403", resp.StatusCode)
	}
	h.stop()

	out := h.errw.String()
	for _, want := range []string{
		"refused GET /sse?ppp", fmt.Sprintf("(%d bytes) from 127.0.0.1:", len(path)),
		`Origin "http://evil.test/ooo`, fmt.Sprintf("(%d bytes)\" is not a local page", len(origin)),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%.2000s", want, out)
		}
	}
	if len(out) > 4<<10 {
		t.Errorf("stderr is %d bytes for one refusal: the URI or Origin was quoted whole", len(out))
	}
}
