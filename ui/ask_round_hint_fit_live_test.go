package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The hint row under a 2026 round's sampling answer says what esc does
// and that the panes wait: at 80 columns it was cut mid-word ("… the panes
// wait u…"). What does not fit is left out whole: what esc does stays.
func TestLiveRoundSamplingHintNotCutAt80(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL(), Transport: mcp.TransportStateless}, 80, 24, "● discovered")
	l.mark()
	l.call("sample prompt=hi")
	l.waitText("esc declines (the request is not sent again)")
	seen := ansi.Strip(l.seen.String()[l.from:])
	l.quit()
	for _, r := range strings.Split(seen, "\n") {
		if strings.Contains(r, "esc declines") && strings.Contains(r, "…") {
			t.Errorf("the hint row is cut: %q", r)
		}
	}
}
