package ui

import (
	"net"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// droppingServer listens on 127.0.0.1 and closes every connection it
// takes without a word: after reading the request (mcptest.RawAnswer with
// no answer), or at once with a reset when reset is set. It returns the
// URL of its /mcp.
func droppingServer(t *testing.T, reset bool) string {
	t.Helper()
	if !reset {
		return mcptest.RawAnswer(t, "") + "/mcp"
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.(*net.TCPConn).SetLinger(0) // close sends RST
			c.Close()
		}
	}()
	return "http://" + ln.Addr().String() + "/mcp"
}

// A server that takes the connection and drops it (EOF, or a reset) was
// told "nothing answered at HOST:PORT: is the server started?", which
// sends the user looking for a server that is running. It is told that
// something there took the connection and what to check instead.
func TestLiveDroppedConnectionIsNotNothingAnswered(t *testing.T) {
	for _, reset := range []bool{false, true} {
		url := droppingServer(t, reset)
		l := liveFailedAt(t, mcp.Config{URL: url}, 80, 24)
		m := l.quit()
		v := ansi.Strip(m.View())
		// The pane's borders out, so a line wrapped in it reads on.
		text := strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " ")
		if want := "took the connection but closed it without an HTTP answer"; !strings.Contains(text, want) {
			t.Errorf("reset=%v: the screen does not say %q:\n%s", reset, want, v)
		}
		if strings.Contains(text, "is the server started") {
			t.Errorf("reset=%v: the screen asks whether a server that took the connection is started:\n%s", reset, v)
		}
		// Once, on the probe's line: the Detect line said it again.
		if n := strings.Count(text, "closed without an answer"); n != 1 || !strings.Contains(text, "/mcp → closed without an answer") {
			t.Errorf("reset=%v: the probe's verdict that the connection was closed shows %d times, want once, on its line:\n%s", reset, n, v)
		}
	}
}
