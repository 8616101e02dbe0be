package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// With --transport streamable, a server that failed initialize with a 500
// left the screen at "● failed" over the Pairs pane: the failure is
// logged as the initialize POST's, not as one to connect, and was not
// said. It is said as any failure to connect is, and the Negotiation pane
// that explains it comes forward.
func TestLiveForcedTransportSaysWhyItFailed(t *testing.T) {
	failing := htmlFailing(t, "<h1>broken</h1>")
	l := liveFailedAt(t, mcp.Config{URL: failing.URL + "/mcp", Transport: mcp.TransportStreamable}, 80, 24)
	v := ansi.Strip(l.quit().View())
	text := strings.Join(strings.Fields(v), " ")
	for _, want := range []string{"could not connect: POST " + failing.URL + "/mcp answered 500", "the server failed: check its logs", "Negotiation · failed"} {
		if !strings.Contains(text, want) {
			t.Errorf("the screen does not say %q:\n%s", want, v)
		}
	}
}
