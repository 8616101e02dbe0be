package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec against a server whose answer to initialize began and never
// finished its headers says so, whether detection probed it or the
// transport was given: "no answer in time" alone sent the user to check
// the port of a server that was answering, a byte at a time.
func TestExecSaysAnInitializeAnswerStalledInItsHeaders(t *testing.T) {
	stateDir(t)
	url := mcptest.RawAnswers(t, func(_ *http.Request, body []byte) (string, bool) {
		if strings.Contains(string(body), `"initialize"`) {
			return "HTTP/1.1 200 OK\r\nContent-Ty", true
		}
		return "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n", false
	})
	const want = "the POST's answer began, but its status line and headers never ended"
	// The advice under it follows: a server stuck mid-answer, not a
	// question of the port or the URL.
	const advised, wrongPort, wrongURL = "stuck mid-answer", "is this the right port?", "check the URL"
	for _, transport := range []string{"auto", "streamable"} {
		_, errOut, code := run(t, "exec", "--no-record", "--transport", transport, "--endpoint-timeout", "1s", url+"/mcp", "tools/list")
		if code != exitConnect || !strings.Contains(errOut, want) || !strings.Contains(errOut, advised) || strings.Contains(errOut, wrongPort) || strings.Contains(errOut, wrongURL) {
			t.Errorf("--transport %s: exit %d, want %d, %q and the advice %q\n%s", transport, code, exitConnect, want, advised, errOut)
		}
	}
}
