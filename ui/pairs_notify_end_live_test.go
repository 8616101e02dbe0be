package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// At 80 columns a notification too long for the METHOD column keeps the
// end of its name whole: the listen stream's acknowledgement read
// "…/subscriptions/acknowled…", cut at both ends, and then
// "…ubscriptions/acknowledged", cut inside a word.
func TestLiveNotificationEndReadsWholeAt80Columns(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.StatelessURL()}, 80, 24, "● listening")
	l.waitFor("acknowled")
	view := ansi.Strip(l.quit().View())
	got := row(view, "← notify", "acknowled")
	if got == "" {
		t.Fatalf("no row for the acknowledgement:\n%s", view)
	}
	if !strings.Contains(got, "/acknowledged ") || strings.Contains(got, "…ubscriptions") {
		t.Errorf("the acknowledgement's row does not end its name whole, or begins it inside a word: %q", got)
	}
}
