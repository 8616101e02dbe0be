package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A tools/call typed after detection failed (500 text/html) said "not
// initialized yet: press i first", and i then said "not connected": the
// way on is r, and the status says so, as i's does.
func TestLiveCallAfterFailedConnectSaysReconnect(t *testing.T) {
	failing := htmlFailing(t, "<h1>broken</h1>")
	l := liveFailedAt(t, mcp.Config{URL: failing.URL + "/mcp"}, 80, 24)
	l.mark()
	l.call("greet name=Ann")
	l.waitFor("tools/call greet: not connected: press r to reconnect")
	v := ansi.Strip(l.quit().View())
	if strings.Contains(v, "press i first") {
		t.Errorf("a call after a failed connection still says to press i:\n%s", v)
	}
}
