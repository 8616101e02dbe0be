package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server behind a reverse proxy serving it under /gw names its
// POST path without /gw. Negotiation lists the URL under the prefix among
// the endpoint's alternatives, in the order they are tried (the warning
// saying which one is in use and why is history's).
func TestNegotiationShowsTheURLUnderTheStreamPrefix(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Endpoint: mcptest.EndpointMessage})
	front := mcptest.BehindPrefix(t, srv)

	l := startLive(t, mcp.Config{URL: front.URL + "/gw/sse", Transport: mcp.TransportSSE})
	l.waitFor("  fallback   ")
	view := l.quit().View()
	prefer, prefix, fallback := strings.Index(view, "  prefer     "), strings.Index(view, "  prefix     "), strings.Index(view, "  fallback   ")
	if prefer < 0 || prefix < prefer || fallback < prefix {
		t.Errorf("the endpoint's URLs are not listed preferred, prefix, fallback:\n%s", view)
	}
}
