package main

import (
	"net/http"
	"strings"
	"testing"
)

// A client that comes to another path than the URL the proxy was given
// (the MCP Inspector CLI puts /mcp on any URL for --transport http) talks
// to another endpoint of the upstream: the headless lines say so as the
// session begins. Nothing said it but the recording's detection reason,
// and a session at /mcp read as the /stateless given.
func TestProxyHeadlessSaysTheClientCameToAnotherPath(t *testing.T) {
	stateDir(t)
	up, _ := initUpstream(t, func(*http.Request) string { return "" })
	for _, tc := range []struct {
		given, used string
		said        bool
	}{
		{"/stateless", "/mcp", true},
		{"/mcp", "/mcp", false},
		{"", "/mcp", false}, // a bare base URL: every path is the client's choice
	} {
		h := initializeThroughProxy(t, up+tc.given, tc.used)
		lines := h.errw.String()
		said := strings.Contains(lines, "! the client came to "+tc.used+", not to "+tc.given+" of the URL given")
		if said != tc.said {
			t.Errorf("given %q, the client at %q: said %v, want %v\n%s", tc.given, tc.used, said, tc.said, lines)
		}
	}
}
