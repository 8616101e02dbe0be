package ui

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Without --transport, a failure that ends detection is said once in the
// Negotiation pane, as a forced transport's is: the ✗ problem gives the
// reason and its advice, the Detect line that none worked and which
// transports the stop left untried, and the probe's line what came back.
// The Detect line quoted the whole refusal, or 'answered 502', again, and
// then walked the probes the lines below it show. Dark and light, 80x24
// and 160x45.
func TestLiveDetectFailureSaidOnce(t *testing.T) {
	const page = "<html><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx-gone-8</center></body></html>"
	gone := htmlFailingWith(t, http.StatusBadGateway, page)
	odd := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"protocolVersion": "2025-11-25\u001b[31m", "capabilities": map[string]any{},
			"serverInfo": map[string]any{"name": "odd-version", "version": "1"}})
	})
	cases := []struct {
		name, url, said string
		// detect is what the Detect line says of the attempts, in order.
		detect []string
	}{
		{"502 everywhere", gone.URL + "/mcp", "answered 502", []string{
			"Detect no transport worked: the probe below found none; detection stopped at its failure, so streamable HTTP and legacy HTTP+SSE were not tried probe POST server/discover " + gone.URL + "/mcp → 502 · text/html"}},
		{"refused version", odd.Endpoint(), "holds a control character", []string{
			"Detect no transport worked: none of the probes below found one; detection stopped at the last one's failure, so legacy HTTP+SSE was not tried probe POST server/discover " + odd.Endpoint(),
			"probe POST initialize " + odd.Endpoint() + " → 200"}},
	}
	for _, c := range cases {
		for _, theme := range []string{"dark", "light"} {
			for _, size := range [][2]int{{80, 24}, {160, 45}} {
				final, neg, words := failedNegotiation(t, mcp.Config{URL: c.url, NoGetStream: true}, theme == "light", size[0], size[1])
				where := fmt.Sprintf("%s, %s %dx%d", c.name, theme, size[0], size[1])
				if got := strings.Count(words, c.said); got != 1 {
					t.Errorf("%s: the Negotiation pane says %q %d times, want once, in the problem:\n%s", where, c.said, got, neg)
				}
				if !strings.Contains(words, "✗ ") {
					t.Errorf("%s: no ✗ problem says why:\n%s", where, neg)
				}
				for _, w := range c.detect {
					if !strings.Contains(words, w) {
						t.Errorf("%s: the pane does not say %q:\n%s", where, w, neg)
					}
				}
				if theme == "light" {
					if h := holes(final.View()); len(h) > 0 {
						t.Errorf("%s: cells with no background (row: cells) %v", where, h)
					}
				}
			}
		}
	}
}
