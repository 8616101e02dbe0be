package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A legacy stream open before i: the keys row names i first, as it does
// for a session the server forgot; it offered c, a call that only met
// "not initialized yet". Once initialized it offers c again.
func TestLiveKeysRowNamesInitializeOnAnOpenLegacyStream(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE}, 80, 24, "● open")
	l.waitText("i send initialize · : command line")
	l.mark()
	l.tm.Type("i")
	l.waitFor("● initialized")
	v := ansi.Strip(l.quit().View())
	if !strings.Contains(v, ": command line · c call a tool") {
		t.Errorf("the keys row of an initialized session offers no call:\n%s", v)
	}
}
