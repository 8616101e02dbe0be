package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that comes to another path than the URL the proxy was given
// (the MCP Inspector CLI puts /mcp on any URL for --transport http) talks
// to another endpoint of the upstream: the headless lines say so as the
// session begins. Nothing said it but the recording's detection reason,
// and a session at /mcp read as the /stateless given; the recording's
// detection says it too, for the TUI and a replay.
func TestProxyHeadlessSaysTheClientCameToAnotherPath(t *testing.T) {
	stateDir(t)
	up, _ := initUpstream(t, func(*http.Request) string { return "" })
	for _, tc := range []struct {
		given, used string
		said, why   bool
	}{
		{"/stateless", "/mcp", true, true},
		{"/mcp", "/mcp", false, false},
		{"", "/mcp", false, false}, // a bare base URL: every path is the client's choice
		// A client told another path than the URL's (/sse of a server
		// given as /mcp) came to it: that is not a client putting /mcp on it.
		{"/mcp", "/sse", true, false},
	} {
		h := initializeThroughProxy(t, up+tc.given, tc.used)
		lines := h.errw.String()
		said := strings.Contains(lines, "! the client came to "+tc.used+", not to "+tc.given+" of the URL given")
		if said != tc.said {
			t.Errorf("given %q, the client at %q: said %v, want %v\n%s", tc.given, tc.used, said, tc.said, lines)
		}
		if why := strings.Contains(lines, "(a client may put /mcp on any URL it is told)"); why != tc.why {
			t.Errorf("given %q, the client at %q: said a client may put /mcp on any URL: %v, want %v\n%s", tc.given, tc.used, why, tc.why, lines)
		}
		// The TUI's Negotiation pane and a replay show the session's
		// detection: it says so there too, where the pane named only
		// the endpoint relayed to.
		var reason string
		for _, r := range readRecording(t, onlyRecording(t, h.dir)) {
			if r.Kind == mcp.KindDetect {
				reason = r.Detect.Reason
			}
		}
		if got := strings.Contains(reason, "the client came to "+tc.used+", not to "+tc.given+" of the URL given"); got != tc.said {
			t.Errorf("given %q, the client at %q: the detection says it: %v, want %v\n%s", tc.given, tc.used, got, tc.said, reason)
		}
	}
}
