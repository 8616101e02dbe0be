package main

import (
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Clients sending large messages at once fill the room the proxy has for
// their bodies (four times --max-event-size), and the next is refused with
// 503. The stop's report counted it with the 503s for want of a session:
// "every one of the --max-sessions client sessions was busy; a larger
// --max-sessions makes room", neither of which was so, and the headless
// line named --max-sessions. Each now says the body had no room.
func TestProxyReportSaysARefusalForWantOfBodyRoomAsSuch(t *testing.T) {
	const limit = 300000
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL+"/mcp", proxyFlags{}, "max-event-size", fmt.Sprint(limit))
	addr := strings.TrimPrefix(h.run.base, "http://")
	var conns []net.Conn
	for range 5 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
		// The body is announced whole and comes in part: the proxy holds
		// what came, and room for the rest, while it waits.
		fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n%s", addr, limit, strings.Repeat(" ", 70000))
	}
	// The client may not read its 503: the proxy closes a connection
	// whose body it did not read, and the unread bytes reset it.
	h.waitFor("no room for its body")
	for _, conn := range conns {
		conn.Close()
	}
	h.stop()
	out := h.errw.String()
	if strings.Contains(out, "every one of the --max-sessions") || strings.Contains(out, "(--max-sessions") {
		t.Errorf("a refusal for want of room for a body is said to be for want of a session:\n%s", out)
	}
	if !strings.Contains(out, "1 request was refused with 503 for want of room for a body") {
		t.Errorf("the report does not say a body had no room:\n%s", out)
	}
}
