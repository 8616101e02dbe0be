package main

import (
	"net"
	"strings"
	"testing"
)

// A session upstream never answered is folded into the run's one
// recording of such sessions, and its headless lines were printed from
// its records as they came: the user's key in the upstream URL's query
// ("POST …?api_key=… failed") was printed in clear, where the banner and
// the recording said [redacted].
func TestProxyFoldedSessionLinesAreRedacted(t *testing.T) {
	const key = "SECRETVALUE1-fold"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close() // nothing answers there now
	h := startHeadless(t, dead+"/mcp?api_key="+key, proxyFlags{})
	status, _, _ := tryClientPost(h.run.base+"/mcp?api_key="+key, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"folded","version":"1"}}}`)
	if status != 502 {
		t.Errorf("the client was answered %d, want 502 for an upstream down", status)
	}
	h.waitFor("closed: the initialize got no answer from upstream")
	h.stop()
	// The URL the client is told to use carries the key it must send
	// (the proxy relays the client's query): every other line hides it.
	for _, line := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(line, key) && !strings.HasPrefix(strings.TrimSpace(line), h.run.base) {
			t.Errorf("a headless line shows the upstream's key: %s", line)
		}
	}
}
