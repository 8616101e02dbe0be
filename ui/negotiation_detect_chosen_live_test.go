package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// When detection finds a transport, the Detect line names it, where, and
// why (the probes below, tried in order until one found it); each probe's
// verdict is said once, on its own line. The Detect line walked the probes
// again, verdict by verdict ("POST server/discover URL: the server speaks
// the initialize era only (...); so POST initialize to URL was answered").
// 80x24, on the demo's streamable endpoint, where server/discover is
// refused before initialize is answered.
func TestLiveDetectNamesTheChosenTransportOnce(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL()}, 80, 24, "● initialized")
	m := l.quit()
	neg := ansi.Strip(strings.Join(m.nego.lines(), "\n"))
	words := strings.Join(strings.Fields(neg), " ")
	if want := "Detect streamable HTTP at " + gw.MCPURL() + ": the probes below were tried in order until one found it probe POST server/discover"; !strings.Contains(words, want) {
		t.Errorf("the Detect line does not say %q:\n%s", want, neg)
	}
	for _, verdict := range []string{"the server speaks the initialize era only", "initialize answered: streamable HTTP"} {
		if n := strings.Count(words, verdict); n != 1 {
			t.Errorf("the pane says %q %d times, want once, on its probe's line:\n%s", verdict, n, neg)
		}
	}
}
