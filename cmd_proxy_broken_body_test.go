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

// A client's POST whose body breaks off (it announces 100 bytes and closes
// after 10) is said once, with how much came: in its session's recording
// and headless line, in the line of one in no session, and in the answer.
// Each said "broke off before its body ended (unexpected EOF after 10
// bytes)", the cause twice, the second time in Go's words.
func TestProxyBrokenBodyIsSaidOnce(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	addr := strings.TrimPrefix(h.run.base, "http://")
	sid := initializeVia(t, h.run.base, "breaks-off")
	const want = "its body broke off after 10 of its 100 bytes; nothing was relayed"
	for _, session := range []string{"Mcp-Session-Id: " + sid + "\r\n", ""} {
		resp, text := rawRequest(t, addr, fmt.Sprintf("POST /mcp HTTP/1.1\r\nHost: %s\r\nUser-Agent: breaks-off\r\n%sContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\"", addr, session), true)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(text, "the request body broke off after 10 of its 100 bytes") {
			t.Errorf("a body broken off after 10 of 100 bytes got %s %q, want 400 saying how much came", resp.Status, text)
		}
		if session != "" {
			// The session's line comes from its records, which are
			// logged after the answer went out and printed once they
			// reach its printer: the next POST's line, printed at
			// once, waits for it, or it would go first.
			h.waitFor("! post: the client's POST /mcp was refused with 400: " + want)
		}
	}
	h.stop()

	var lines []string
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(l, "broke off") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2 || !strings.Contains(lines[0], "! post: the client's POST /mcp was refused with 400: "+want) ||
		!strings.Contains(lines[1], "refused POST /mcp from 127.0.0.1:") || !strings.HasSuffix(lines[1], "with 400: "+want) {
		t.Errorf("headless says %q, want the session's line and the line of the one in no session, each %q", lines, want)
	}
	for _, l := range lines {
		if strings.Contains(l, "EOF") {
			t.Errorf("headless says the cause twice: %q", l)
		}
	}
	var recorded []string
	for _, r := range readRecording(t, onlyRecording(t, h.dir)) {
		if r.Kind == mcp.KindError && r.Error != nil {
			recorded = append(recorded, r.Error.Message)
		}
	}
	if len(recorded) != 1 || recorded[0] != "the client's POST /mcp was refused with 400: "+want {
		t.Errorf("the recording says %q, want the broken POST once: %q", recorded, want)
	}
}
