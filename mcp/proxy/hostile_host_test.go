package proxy

import (
	"bufio"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy client whose Host header is no URL's host ("[::1", which the
// loopback check lets through) still gets its endpoint event: the proxy
// files the session under the path alone and does not fail on the Host.
func TestLegacyStreamWithAnUnparsableHost(t *testing.T) {
	fake := mcptest.New(t, mcptest.Options{})
	_, base, _ := startProxy(t, fake.URL, Config{})
	conn := rawConn(t, base)
	fmt.Fprint(conn, "GET /sse HTTP/1.1\r\nHost: [::1\r\nAccept: text/event-stream\r\n\r\n")
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("the proxy dropped the stream: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the proxy answered %s", resp.Status)
	}
	ev := nextEvent(t, bufio.NewReader(resp.Body))
	if !strings.Contains(ev, "event: endpoint") || !strings.Contains(ev, "sessionid=") {
		t.Errorf("first event %q, want the endpoint event relayed", ev)
	}
}
