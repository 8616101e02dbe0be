package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Requests the proxy refuses inside a session (here five bodies larger
// than --max-event-size, 413, at once) are one headless line a second per
// status, as refusals in no session are, and the session's end says how
// many more there were; the recording has each. It was a line per
// request: a client retrying at once filled stderr as fast as it asked.
func TestProxyHeadlessRateLimitsRefusalsInASession(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	sid := initializeVia(t, h.run.base, "refused-client")
	const refusals = 5
	for range refusals {
		// A body announced as 100 MB is refused before a byte of it is read.
		resp, _ := rawRequest(t, addr, fmt.Sprintf("POST /mcp HTTP/1.1\r\nHost: %s\r\nUser-Agent: refused-client\r\nMcp-Session-Id: %s\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{", addr, sid), false)
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("a 100 MB body in the session: %s, want 413", resp.Status)
		}
	}
	h.stop()

	var lines []string
	for _, l := range strings.Split(h.errw.String(), "\n") {
		// Not "refused" and "413" apart: the client is named refused-client
		// and a line stamped 14:46:46.413 has both.
		if strings.Contains(l, "refused with 413") {
			lines = append(lines, l)
		}
	}
	// Five within a second (the test's clock allows a slow machine one
	// more line): the first, maybe one more, and the count at the end.
	if len(lines) < 2 || len(lines) > 3 || !strings.Contains(lines[len(lines)-1], "refused with 413 since the last such line (the recording has each)") {
		t.Errorf("%d refusals in a session made the lines %q, want one a second and the count of the rest", refusals, lines)
	}
	n := 0
	for _, r := range readRecording(t, onlyRecording(t, h.dir)) {
		if r.Kind == mcp.KindError && r.Error != nil && r.Error.Status == http.StatusRequestEntityTooLarge && strings.Contains(r.Error.Message, "was refused with 413") {
			n++
		}
	}
	if n != refusals {
		t.Errorf("the recording has %d of the %d refusals, want each", n, refusals)
	}
}
