//go:build linux

package main

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers the DELETE ending the session on quit with more
// bytes than its Content-Length makes net/http log through the standard
// logger once the TUI has given the screen back. That line is said as exec
// says it, explained and made safe, not as a bare time-stamped line under
// the shell's prompt: the logger stays routed until the session is closed.
func TestTUIExplainsWhatNetHTTPLogsWhileClosing(t *testing.T) {
	opened := make(chan struct{})
	var once sync.Once
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		switch {
		case req.Method == http.MethodDelete:
			// The escape must not reach the terminal through the line.
			return "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n\x1b]0;pwned\x07 and more", true
		case strings.Contains(msg, `"initialize"`):
			answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(msg) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
			return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
		case strings.Contains(msg, `"notifications/initialized"`):
			once.Do(func() { close(opened) })
		}
		return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
	})
	// A dumb terminal is asked nothing: nobody answers this one.
	r := startOnPTY(t, "dumb", "--no-record", "--transport", "streamable", "--no-get-stream", url+"/mcp")
	select {
	case <-opened:
	case <-r.ctx.Done():
		t.Fatalf("the TUI did not open the session within 30s: %q", r.out.String())
	}
	if err := r.quit(t); err != nil {
		t.Fatalf("the TUI did not quit cleanly (%v): %q", err, r.out.String())
	}
	text := r.out.String()
	if i := strings.LastIndex(text, "\x1b[?1049l"); i >= 0 {
		text = text[i:] // what was written after the alternate screen
	}
	if !strings.Contains(text, "net/http: Unsolicited response received on idle HTTP channel") ||
		!strings.Contains(text, "more bytes than its answer's Content-Length said") {
		t.Errorf("net/http's line is not said, explained, after the TUI:\n%q", text)
	}
	if strings.ContainsAny(strings.ReplaceAll(text, "\x1b[?1049l", ""), "\x07") || strings.Contains(text, "\x1b]0;") {
		t.Errorf("the logged line reaches the terminal with its control bytes: %q", text)
	}
}
