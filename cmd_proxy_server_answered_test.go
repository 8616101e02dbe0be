package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Go's HTTP server answers an OPTIONS * itself, 200 OK, as it may a 100
// Continue: no refusal, where the headless proxy said "refused a request
// … with 200" and its report counted it as one.
func TestProxyHeadlessCountsOnlyGoRefusalsAsRefused(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL+"/mcp", proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	resp, _ := rawRequest(t, addr, "OPTIONS * HTTP/1.1\r\nHost: "+addr+"\r\n\r\n", false)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("OPTIONS * got %d, want Go's own 200", resp.StatusCode)
	}
	h.stop()
	if out := h.errw.String(); strings.Contains(out, "refused") {
		t.Errorf("an OPTIONS * Go answered 200 is said refused:\n%s", out)
	}
}
