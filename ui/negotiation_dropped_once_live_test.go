package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that resets, closes or never takes the connection: the ✗
// problem says why ("POST URL failed: the server closed the connection
// without answering (connection reset by peer)"), and the probe's line says what came back in a word ("→ closed
// without an answer", "→ no connection"). The probe's line quoted the
// failure again in the HTTP client's words (`failed: read tcp …`): the
// check for a failure said above matched only a problem worded exactly
// as the attempt's error. 80x24 and 160x45.
func TestLiveDroppedProbeFailureSaidOnce(t *testing.T) {
	cases := []struct {
		name, url string
		// why is the failure's own words, said once, in the problem;
		// verdict what the probe's line says came back.
		why, verdict string
	}{
		{"reset", droppingServer(t, true), "connection reset by peer", "closed without an answer"},
		{"closed", droppingServer(t, false), "EOF", "closed without an answer"},
		{"refused", "http://" + mcptest.ClosedAddr(t) + "/mcp", "connection refused", "no connection"},
	}
	for _, c := range cases {
		for _, size := range [][2]int{{80, 24}, {160, 45}} {
			_, neg, words := failedNegotiation(t, mcp.Config{URL: c.url, NoGetStream: true}, false, size[0], size[1])
			where := fmt.Sprintf("%s, %dx%d", c.name, size[0], size[1])
			if got := strings.Count(words, c.why); got != 1 {
				t.Errorf("%s: the Negotiation pane says %q %d times, want once, in the problem:\n%s", where, c.why, got, neg)
			}
			if want := "✗ POST " + c.url + " failed: "; !strings.Contains(words, want) {
				t.Errorf("%s: no ✗ problem says %q:\n%s", where, want, neg)
			}
			if want := "POST server/discover " + c.url + " → " + c.verdict; !strings.Contains(words, want) {
				t.Errorf("%s: the probe's line does not say %q:\n%s", where, want, neg)
			}
		}
	}
}
