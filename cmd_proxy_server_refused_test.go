package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request Go's HTTP server answers itself (a header with a control
// character: 400; headers over 1 MB: 431) never reaches the proxy's
// handler: headless said nothing of it, and the report neither, where
// the client was refused. Each is now a line, a flood of them a line a
// second, and the report counts them.
func TestProxyHeadlessSaysWhatGoRefusedItself(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL+"/mcp", proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	send := func(header string) int {
		t.Helper()
		resp, _ := rawRequest(t, addr, fmt.Sprintf("POST /mcp HTTP/1.1\r\nHost: %s\r\n%s\r\nContent-Length: 2\r\n\r\n{}", addr, header), false)
		return resp.StatusCode
	}
	const flood = 30
	for range flood {
		if status := send("X-Odd: a\x01b"); status != http.StatusBadRequest {
			t.Fatalf("a header with a control character got %d, want 400", status)
		}
	}
	if status := send("X-Big: " + strings.Repeat("a", 1<<20+8192)); status != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("a header of 1 MB got %d, want 431", status)
	}
	h.waitFor("with 431: Go's HTTP server answered it 431 Request Header Fields Too Large itself")
	h.waitFor("with 400: Go's HTTP server answered it 400 Bad Request")
	h.stop()
	out := h.errw.String()
	if n := strings.Count(out, "refused a request from"); n > 4 {
		t.Errorf("%d refusals by Go's server made %d lines, want one a second:\n%s", flood, n, out)
	}
	if want := fmt.Sprintf("%d requests were refused by Go's HTTP server itself", flood+1); !strings.Contains(out, want) {
		t.Errorf("the report does not say %q:\n%s", want, out)
	}
}
