package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request the proxy refused before any session had its line on stderr
// quote the client's own key in its query whole ("?token=K"), or the start
// of it a long URI's cut kept; the line masks it as the user's own URL's
// key is masked.
func TestProxyRefusedLineMasksClientsQueryCredential(t *testing.T) {
	const key = "CLIENTKEY-refused-5566-7788"
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	resp, _ := rawRequest(t, addr, "GET /sse?token="+key+" HTTP/1.1\r\nHost: "+addr+"\r\nOrigin: http://localhost.evil.test\r\nAccept: text/event-stream\r\n\r\n", false)
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a page of another site: %d, want 403", resp.StatusCode)
	}
	// A URI longer than a line quotes is cut inside the key: the start
	// of it the cut kept is masked too.
	long := key + strings.Repeat("x", 200)
	resp, _ = rawRequest(t, addr, "POST /mcp?api_key="+long+" HTTP/1.1\r\nHost: "+addr+"\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{", false)
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a 100 MB body: %d, want 413", resp.StatusCode)
	}
	h.stop()

	out := h.errw.String()
	if strings.Contains(out, key) {
		t.Errorf("stderr shows the client's key:\n%s", out)
	}
	for _, want := range []string{"refused GET /sse?token=[redacted] from 127.0.0.1:", "refused POST /mcp?api_key=[redacted]… (240 bytes) from 127.0.0.1:"} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
}
