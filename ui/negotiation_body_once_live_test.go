package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server that answers every probe 500 with an HTML page: Negotiation
// shows the page once, in the problem that says what failed (whole, as
// sent), not again in the probe's line.
func TestLiveNegotiationShowsAnErrorBodyOnce(t *testing.T) {
	const page = `<html><body><h1>Internal Server Error</h1><p>upstream-crashed-7</p></body></html>`
	srv := htmlFailing(t, page)
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp"})
	l.waitFor("● failed")
	m := l.quit()
	neg := strings.Join(m.nego.build(m.com.log.Negotiation(), 200), "\n")
	if got := strings.Count(neg, "upstream-crashed-7"); got != 1 {
		t.Errorf("Negotiation shows the body %d times, want once:\n%s", got, neg)
	}
	if !strings.Contains(neg, "text/html") || !strings.Contains(neg, "500") {
		t.Errorf("the probe line lost its status or content type:\n%s", neg)
	}
}
