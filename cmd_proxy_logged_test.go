package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An upstream whose answer runs past its Content-Length makes net/http log
// "Unsolicited response received on idle HTTP channel". The headless proxy
// says it among its own lines, explained once and made safe, as exec does,
// not as a bare time-stamped line on stderr holding the server's bytes.
func TestProxyHeadlessExplainsNetHTTPsLoggedLine(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`
		// The bytes past the Content-Length hold an escape sequence: it
		// must not reach the terminal through the logged line.
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer + "\x1b]0;pwned\x07 and more", true
	})
	h := startHeadless(t, url, proxyFlags{})
	postInitialize(t, h, "/mcp")
	// net/http logs once it looks at the idle connection again, after the
	// answer was relayed: nothing signals that, so the output is watched.
	logged := pollFor(func() bool { return strings.Contains(h.errw.String(), "Unsolicited response") })
	h.stop()
	errOut := h.errw.String()
	if !logged || !strings.Contains(errOut, "net/http: Unsolicited response received on idle HTTP channel") ||
		!strings.Contains(errOut, "more bytes than its answer's Content-Length said") {
		t.Errorf("the proxy's output lacks net/http's line, explained:\n%s", errOut)
	}
	if strings.ContainsAny(errOut, "\x1b\x07") {
		t.Errorf("the logged line reaches the terminal with its control bytes: %q", errOut)
	}
}
